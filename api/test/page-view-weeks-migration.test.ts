import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { pageViews, pageViewWeeks, siteViewWeeks } from '../src/db/schema.ts';
import { migrationsBefore, temporaryDirectory } from './helper.ts';

describe('the weekly page counts migration', () => {
  it('adds the days already counted to their weeks, Monday to Sunday, per page and for the whole site', () => {
    const file = path.join(temporaryDirectory(), 'centre.sqlite');
    const before = new Database(file);
    migrate(drizzle(before), { migrationsFolder: migrationsBefore('0013') });
    const insert = before.prepare(
      'insert into page_views (day, path, language, source, screen, views) values (?, ?, ?, ?, ?, ?)',
    );
    insert.run('2026-11-22', '/formation/soudure', 'fr', 'whatsapp', 'phone', 3);
    insert.run('2026-11-23', '/formation/soudure', 'fr', 'whatsapp', 'phone', 2);
    insert.run('2026-11-29', '/formation/soudure', 'fr', 'whatsapp', 'phone', 4);
    insert.run('2026-11-29', '/formation/soudure', 'fr', 'google', 'phone', 1);
    insert.run('2026-11-24', '/faq', 'fr', 'google', 'phone', 2);
    before.close();

    const db = openDatabase(file);
    expect(db.select().from(pageViewWeeks).orderBy(pageViewWeeks.week, pageViewWeeks.source, pageViewWeeks.path).all()).toEqual([
      { week: '2026-11-16', path: '/formation/soudure', language: 'fr', source: 'whatsapp', screen: 'phone', views: 3 },
      { week: '2026-11-23', path: '/faq', language: 'fr', source: 'google', screen: 'phone', views: 2 },
      { week: '2026-11-23', path: '/formation/soudure', language: 'fr', source: 'google', screen: 'phone', views: 1 },
      { week: '2026-11-23', path: '/formation/soudure', language: 'fr', source: 'whatsapp', screen: 'phone', views: 6 },
    ]);
    expect(db.select().from(siteViewWeeks).orderBy(siteViewWeeks.week, siteViewWeeks.source).all()).toEqual([
      { week: '2026-11-16', source: 'whatsapp', screen: 'phone', views: 3 },
      { week: '2026-11-23', source: 'google', screen: 'phone', views: 3 },
      { week: '2026-11-23', source: 'whatsapp', screen: 'phone', views: 6 },
    ]);
    expect(db.select().from(pageViews).all()).toHaveLength(5);
    db.$client.close();
  });
});
