import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test-sequencer.ts';

/**
 * `pnpm test:browser`: the journeys in Chromium against the product as `pnpm start` runs it, and
 * the system tests that need another program or a real process (nginx, Caddy, LibreOffice,
 * Litestream, docker-compose, the admin's production build). Two files at a time, the longest first.
 */
export const browserProjects = [
  'e2e',
  'e2e/shared-site',
  'api/vitest.system.config.ts',
  'admin/vitest.system.config.ts',
  'deploy/vitest.system.config.ts',
];

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: browserProjects,
  },
});
