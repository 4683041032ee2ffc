import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { makeRoom } from '../lib/bounded-map.ts';
import * as schema from './schema.ts';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The database's file name in DATA_DIR, for the server, the CLI and backups alike. */
export const databaseFile = 'centre.sqlite';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens (creating if needed) the SQLite file and brings it to the latest migration.
 * WAL with synchronous=FULL: a write is on disk before it is acknowledged, even across power loss.
 */
export function openDatabase(file: string): Db {
  keepPrivate(file);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  takeWriteLockAtBegin(db);
  migrate(db, { migrationsFolder });
  reuseStatements(sqlite);
  return db;
}

/** Whether the database answers a query: throws when it does not (the health check). */
export function pingDatabase(db: Db): void {
  db.get(sql`select 1`);
}

/**
 * Transactions begin IMMEDIATE: they take the write lock first, waiting for it (busy_timeout).
 * A DEFERRED one reads first and asks for the lock at its first write, and if another process
 * wrote in between (Litestream, which keeps its own tables in the database) SQLite refuses at
 * once with "database is locked", which no timeout retries.
 */
function takeWriteLockAtBegin(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => transaction(run, { behavior: 'immediate', ...config })) as Db['transaction'];
}

/**
 * The database holds password hashes, subscribers' addresses and unsubscribe tokens: its folder
 * is the owner's only (700) and its file 600, which SQLite gives its WAL and SHM files too.
 * Files of an older install are tightened as well.
 */
function keepPrivate(file: string): void {
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  closeSync(openSync(file, 'a', 0o600));
  for (const existing of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(existing)) chmodSync(existing, 0o600);
  }
}

const maxReusedStatements = 500;

/**
 * drizzle prepares a new better-sqlite3 statement for every query, and a statement lives on
 * until a full garbage collection (its native finaliser keeps it through the young-generation
 * ones), its compiled SQLite program in native memory: under a mixed load that was some 3,000
 * statements a second piling up in the old generation. Queries with the same SQL now share one.
 * drizzle switches a statement to raw rows when it maps columns itself, so a reused statement
 * starts back in the default mode; one still running (an iterator) is not shared.
 */
export function reuseStatements(sqlite: Database.Database): void {
  const statements = new Map<string, Database.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const reused = statements.get(source);
    if (reused && !reused.busy) return reused.reader ? reused.raw(false) : reused;
    const statement = prepare(source);
    makeRoom(statements, maxReusedStatements);
    statements.set(source, statement);
    return statement;
  }) as Database.Database['prepare'];
}
