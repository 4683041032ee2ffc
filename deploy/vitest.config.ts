import { testTimeouts } from '@cfp/test-support/time-scale';
import { configDefaults, defineConfig } from 'vitest/config';

/** The deployment's files read as Docker and the container read them: no product, no browser, no other program. */
export default defineConfig({
  test: {
    name: 'deploy',
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'test/system/**'],
    environment: 'node',
    maxWorkers: '100%',
    ...testTimeouts(),
  },
});
