import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

/**
 * The bounds the API is measured against, in a process of their own: bare Fastify routes
 * answering a constant (reads: the list's body, a post's body), and a bare Fastify route doing one durable insert into a
 * SQLite file with the API's settings (writes: WAL, synchronous=FULL).
 */
const directory = mkdtempSync(path.join(tmpdir(), 'cfp-ceiling-'));
const db = new Database(path.join(directory, 'ceiling.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('create table rows (id integer primary key autoincrement, email text not null, created_at integer not null)');
const insert = db.prepare('insert into rows (email, created_at) values (?, ?)');

// Already serialised: the strictest bound a read route can be held to.
const constant = process.env.CEILING_CONSTANT ?? '{"ok":true}';
const post = process.env.CEILING_POST ?? constant;
const app = Fastify({ logger: false });
app.get('/constant', async (_request, reply) => reply.type('application/json; charset=utf-8').send(constant));
app.get('/post', async (_request, reply) => reply.type('application/json; charset=utf-8').send(post));
app.post('/insert', async (request) => {
  const { email } = request.body as { email: string };
  insert.run(email, Date.now());
  return { message: 'ok' };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
