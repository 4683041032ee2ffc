import { defineConfig } from 'vitest/config';

/**
 * The browser test that checks a production timing (a published post is public within a
 * minute, with production's pause between builds): it runs alone, after both other browser
 * projects, so that no other file's builds and pages slow its product down. Next to another
 * browser file, its three publishes took 141 s in all, where each must be public within 60 s
 * (2026-11-28 CI).
 */
export default defineConfig({
  test: {
    name: 'e2e-timed',
    include: ['*.test.ts'],
    environment: 'node',
    maxWorkers: 1,
    sequence: { groupOrder: 2 },
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
