import path from 'node:path';
import fp from 'fastify-plugin';
import { type Db, openDatabase } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export default fp(
  async (app) => {
    const db = openDatabase(path.join(app.config.dataDir, 'centre.sqlite'));
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      db.$client.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
