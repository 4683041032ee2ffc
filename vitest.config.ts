import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test-sequencer.ts';

// Each package has its own vitest.config.ts; `pnpm test` runs them all as one suite. Vitest sizes
// each project's pool from that project's own config, not this one, and defaults to one worker
// less than the cores (one, on a 2-core CI machine): so the unit, API, admin and site projects
// set `maxWorkers: '100%'` (the same value, as projects that run together must), and the
// browser projects run after them, two files at a time (scripts/test-config.test.ts checks both),
// the longest first.
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
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
