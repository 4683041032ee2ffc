import { defineConfig } from 'vitest/config';

// Each package has its own vitest.config.ts; `pnpm test` runs them all as one suite, a test file
// per core at a time, browser tests among the others (each starts its own product on free ports,
// or shares the one of e2e/shared-site). Vitest sizes each project's pool from that project's
// own config, not this one, and defaults to one worker less than the cores (one, on a 2-core CI
// machine): so every project sets `maxWorkers: '100%'`, and the same value, as projects that
// run together must (scripts/test-config.test.ts checks both).
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
  },
});
