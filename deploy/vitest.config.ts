import { defineConfig } from 'vitest/config';

/** The deployment's configuration read as Docker and the container read it: no product, no browser. */
export default defineConfig({
  test: { name: 'deploy', include: ['test/**/*.test.ts'], environment: 'node' },
});
