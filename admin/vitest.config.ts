import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { readAdminBuildConfig } from './build-config.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'admin',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['test/support/setup.ts'],
    // The tests run the app as the default build serves it, under /admin/.
    env: { BASE_URL: readAdminBuildConfig({}).basePath },
  },
});
