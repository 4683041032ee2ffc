import path from 'node:path';
import fp from 'fastify-plugin';
import { type Db, databaseFile, openDatabase } from '../db/database.ts';
import { GroupCommit } from '../db/group-commit.ts';
import { startReplication } from '../db/replication.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Batches the public form writes into shared durable commits. */
    groupCommit: GroupCommit;
  }
}

export default fp(
  async (app) => {
    const { dataDir, databaseReplica } = app.config;
    const databasePath = path.join(dataDir, databaseFile);
    const db = openDatabase(databasePath);
    app.decorate('db', db);
    app.decorate('groupCommit', new GroupCommit(db.$client));
    const replication = databaseReplica && startReplication(app.config, databasePath, databaseReplica, app.log);
    app.addHook('onClose', async () => {
      db.$client.close();
      // After the last write: Litestream copies it before it stops.
      await replication?.stop();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
