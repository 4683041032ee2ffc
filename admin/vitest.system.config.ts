import { testTimeouts } from '@cfp/test-support/time-scale';
import { defineConfig } from 'vitest/config';

/** What the admin's production build weighs: in the browser suite, which builds the admin first. */
export default defineConfig({
  test: {
    name: 'admin-build',
    include: ['test/system/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    ...testTimeouts(),
  },
});
