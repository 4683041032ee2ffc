import { testTimeouts } from '@cfp/test-support/time-scale';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['*.test.ts'],
    environment: 'node',
    // Two browser files at a time, with the browser suite's other projects: one at a time left a
    // core idle while a test waited on a build or a page (1,005 s against 807 s, 2026-11-28).
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    globalSetup: ['browser-setup.ts', 'global-setup.ts'],
    ...testTimeouts(180_000, 300_000, 10_000),
  },
});
