import { defineConfig } from 'vitest/config';

/**
 * The deployment's configuration read as Docker and the container read it: no product, no browser.
 * docker-compose renders the file in a second or two, more beside the browser tests: 30 s each.
 */
export default defineConfig({
  test: { name: 'deploy', include: ['test/**/*.test.ts'], environment: 'node', maxWorkers: '100%', testTimeout: 30_000 },
});
