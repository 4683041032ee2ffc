import path from 'node:path';
import fp from 'fastify-plugin';
import { type Db, databaseFile, openDatabase } from '../db/database.ts';
import { GroupCommit } from '../db/group-commit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Batches the public form writes into shared durable commits. */
    groupCommit: GroupCommit;
  }
}

export default fp(
  async (app) => {
    const db = openDatabase(path.join(app.config.dataDir, databaseFile));
    app.decorate('db', db);
    app.decorate('groupCommit', new GroupCommit(db.$client));
    app.addHook('onClose', async () => {
      db.$client.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
