import { testTimeouts } from '@cfp/test-support/time-scale';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'content', include: ['test/**/*.test.ts'], environment: 'node', maxWorkers: '100%', ...testTimeouts() },
});
