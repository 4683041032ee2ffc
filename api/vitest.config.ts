import { testTimeouts } from '@cfp/test-support/time-scale';
import { configDefaults, defineConfig } from 'vitest/config';

/** The API's tests in the inner loop: its app in-process. test/system/ (real processes, other programs) is the browser suite's. */
export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/system/**'],
    environment: 'node',
    pool: 'vmThreads',
    maxWorkers: '100%',
    ...testTimeouts(20_000, 30_000),
  },
});
