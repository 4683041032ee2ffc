import { testTimeouts } from '@cfp/test-support/time-scale';
import { defineConfig } from 'vitest/config';

/**
 * The API's system tests, in the browser suite: the API as a process killed mid-write, its
 * Litestream replica restored, the CSV exports opened in LibreOffice.
 */
export default defineConfig({
  test: {
    name: 'api-system',
    include: ['test/system/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    ...testTimeouts(60_000, 60_000),
  },
});
