import { defineConfig } from 'vitest/config';

/**
 * The public site's browser tests that only read the site: they share one product, started and
 * built once by the global set-up, instead of building the site once per file.
 */
export default defineConfig({
  test: {
    name: 'e2e-shared-site',
    include: ['*.test.ts'],
    environment: 'node',
    // One browser file at a time, after the other projects: a file that builds the site and
    // drives Chromium keeps both cores busy. Two at a time (both browser projects, 2026-11-28)
    // took 22 minutes, about as long as one at a time, and three tests ran out of time.
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    globalSetup: ['global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
