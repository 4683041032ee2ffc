import { testTimeouts } from '@cfp/test-support/time-scale';
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
    // Two browser files at a time, with the browser suite's other projects (e2e/vitest.config.ts).
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    globalSetup: ['../browser-setup.ts', 'global-setup.ts'],
    ...testTimeouts(180_000, 300_000, 10_000),
  },
});
