import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['*.test.ts'],
    environment: 'node',
    maxWorkers: '100%',
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
