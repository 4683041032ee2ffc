import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'vmThreads',
    maxWorkers: '100%',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
