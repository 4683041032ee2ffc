import { defineConfig } from 'vitest/config';

/**
 * `pnpm test`, the inner loop: every project that runs in-process, with no browser, no product
 * process, no site or admin build and no program beyond Node and git. The browser journeys and
 * the system tests are vitest.browser.config.ts's (`pnpm test:browser`).
 *
 * Vitest sizes each project's pool from that project's own config and defaults to one worker
 * less than the cores (one, on a 2-core machine): each project sets `maxWorkers: '100%'` (the
 * same value, as projects that run together must; scripts/test-config.test.ts checks it).
 */
export const innerProjects = [
  'api',
  'admin',
  'site',
  'packages/content',
  'packages/precompress',
  'packages/shared',
  'scripts',
  'deploy',
];

export default defineConfig({ test: { projects: innerProjects } });
