import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['*.test.ts'],
    environment: 'node',
    // Two browser files at a time (with e2e/shared-site's), after the other projects. One at a
    // time left a core idle while a test waited on a build or a page: 1,005 s for both browser
    // projects, against 807 s two at a time, the longest test at 106 s of its 180 (2026-11-28,
    // after the tests' builds got cheaper, docs/decisions/0027). Before that, two at a time had
    // run three tests out of time.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
