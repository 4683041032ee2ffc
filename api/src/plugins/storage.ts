import fp from 'fastify-plugin';
import { createStorage, type Storage } from '../storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export default fp(
  async (app, options: { storage?: Storage }) => {
    app.decorate('storage', options.storage ?? (await createStorage(app.config.storage)));
  },
  { name: 'storage', dependencies: ['config'] },
);
