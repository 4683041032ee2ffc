import { defineConfig } from 'vitest/config';

// Each package has its own vitest.config.ts; `pnpm test` runs them all as one suite, a test file
// per core at a time, browser tests among the others (each starts its own product on free ports,
// or shares the one of e2e/shared-site).
export default defineConfig({
  test: {
    projects: [
      'api',
      'admin',
      'site',
      'packages/content',
      'packages/precompress',
      'packages/shared',
      'scripts',
      'deploy',
      'e2e',
      'e2e/shared-site',
    ],
    maxWorkers: '100%',
  },
});
