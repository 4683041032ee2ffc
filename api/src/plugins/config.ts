import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export default fp(
  async (app, options: { config: Config }) => {
    app.decorate('config', options.config);
  },
  { name: 'config' },
);
