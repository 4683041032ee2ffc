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
    // One browser file at a time, after the other projects: the product's site builds share
    // site/.astro, and two at once have been seen to fail a build (scripts/test-config.test.ts).
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    globalSetup: ['global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
