import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, reuseStatements } from '../src/db/database.ts';
import { subscribers } from '../src/db/schema.ts';

describe('statement reuse', () => {
  it('shares one statement between queries with the same SQL, back in the default mode', () => {
    const sqlite = new Database(':memory:');
    reuseStatements(sqlite);
    const first = sqlite.prepare('select 1 as one');
    expect(first.raw().get()).toEqual([1]);
    const second = sqlite.prepare('select 1 as one');
    expect(second).toBe(first);
    expect(second.get()).toEqual({ one: 1 });
    expect(sqlite.prepare('select 2 as two')).not.toBe(first);
  });

  it('does not share a statement that is still running, and holds at most 500', () => {
    const sqlite = new Database(':memory:');
    reuseStatements(sqlite);
    const running = sqlite.prepare('select 1 union all select 2');
    const rows = running.iterate();
    rows.next();
    expect(sqlite.prepare('select 1 union all select 2')).not.toBe(running);
    rows.return?.();
    const oldest = sqlite.prepare('select 0');
    for (let index = 1; index <= 500; index += 1) sqlite.prepare(`select ${index}`);
    expect(sqlite.prepare('select 0')).not.toBe(oldest);
  });

  it('prepares a drizzle query once, whether it maps rows itself or not', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-statements-'));
    try {
      const db = openDatabase(path.join(dataDir, 'centre.sqlite'));
      const find = (email: string) => db.select().from(subscribers).where(eq(subscribers.email, email)).get();
      db.insert(subscribers).values({ email: 'a@centre.test', status: 'confirmed', unsubscribeToken: 'a' }).run();
      db.insert(subscribers).values({ email: 'b@centre.test', status: 'confirmed', unsubscribeToken: 'b' }).run();
      const query = db.select().from(subscribers).where(eq(subscribers.email, 'a@centre.test')).toSQL().sql;
      const statement = db.$client.prepare(query);
      expect([find('a@centre.test')?.unsubscribeToken, find('b@centre.test')?.unsubscribeToken]).toEqual(['a', 'b']);
      expect(db.$client.prepare(query)).toBe(statement);
      expect(db.get(sql`select count(*) as count from ${subscribers}`)).toEqual({ count: 2 });
      db.$client.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
