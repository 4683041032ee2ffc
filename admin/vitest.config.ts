import { testTimeouts } from '@cfp/test-support/time-scale';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { readAdminBuildConfig } from './build-config.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'admin',
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, 'test/system/**'],
    environment: 'jsdom',
    pool: 'vmThreads',
    maxWorkers: '100%',
    setupFiles: ['test/support/setup.ts'],
    // A screen typed into by user-event can take longer than the default 5 s on a busy machine.
    ...testTimeouts(20_000),
    // The tests run the app as the default build serves it, under /admin/.
    env: { BASE_URL: readAdminBuildConfig({}).basePath },
  },
});
