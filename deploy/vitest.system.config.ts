import { testTimeouts } from '@cfp/test-support/time-scale';
import { defineConfig } from 'vitest/config';

/** docker-compose.yml as docker-compose renders it, in the browser suite (CI installs docker-compose): a second or two each. */
export default defineConfig({
  test: {
    name: 'deploy-compose',
    include: ['test/system/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    ...testTimeouts(30_000),
  },
});
