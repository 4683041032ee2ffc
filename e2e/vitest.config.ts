import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['*.test.ts'],
    environment: 'node',
    // One browser file at a time, after the other projects: the product's site builds share
    // site/.astro, and two at once have been seen to fail a build (scripts/test-config.test.ts).
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
