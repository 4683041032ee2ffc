import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['*.test.ts'],
    environment: 'node',
    // One browser file at a time, after the other projects: a file that builds the site and
    // drives Chromium keeps both cores busy. Two at a time (both browser projects, 2026-11-28)
    // took 22 minutes, about as long as one at a time, and three tests ran out of time.
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
