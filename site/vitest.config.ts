import { testTimeouts } from '@cfp/test-support/time-scale';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'site',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    maxWorkers: '100%',
    ...testTimeouts(60_000, 60_000),
  },
});
