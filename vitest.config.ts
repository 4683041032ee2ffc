import { defineConfig } from 'vitest/config';

// Each package has its own vitest.config.ts; `pnpm test` runs them all as one suite.
export default defineConfig({
  test: { projects: ['api', 'admin', 'site', 'packages/content', 'packages/precompress', 'packages/shared', 'scripts', 'e2e'] },
});
