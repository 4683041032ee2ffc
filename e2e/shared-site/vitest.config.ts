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
    maxWorkers: '100%',
    globalSetup: ['global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
