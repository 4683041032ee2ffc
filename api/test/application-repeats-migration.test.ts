import path from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { applicationPage } from '../src/applications/application-list.ts';
import { saveApplication } from '../src/applications/save-application.ts';
import { openDatabase } from '../src/db/database.ts';
import { applications } from '../src/db/schema.ts';
import { migrationsBefore, temporaryDirectory } from './helper.ts';

const submitted = {
  programme: 'soudure',
  firstName: 'Awa',
  lastName: 'Ngono',
  phone: '+237699001122',
  town: 'Nkoabang',
  level: 'bepc',
} as const;

describe('the application repeats migration', () => {
  it('keeps the applications already stored and their search, links a repeat, and unlinks it when the earlier one goes', () => {
    const file = path.join(temporaryDirectory(), 'centre.sqlite');
    const before = new Database(file);
    migrate(drizzle(before), { migrationsFolder: migrationsBefore('0009') });
    before
      .prepare(
        `insert into applications (reference, programme, first_name, last_name, phone, town, level, status, note, forwarding, created_at, updated_at)
         values ('PI-AAAAAA', 'soudure', 'Awa', 'Ngono', '+237699001122', 'Nkoabang', 'bepc', 'contacted', 'Rappeler', 'sent', ?, ?)`,
      )
      .run(Date.now(), Date.now());
    before.close();

    const db = openDatabase(file);
    const search = (q: string) => applicationPage(db, { q, page: 1 }).items.map((row) => row.reference);
    expect(db.select().from(applications).all()).toEqual([
      expect.objectContaining({ reference: 'PI-AAAAAA', status: 'contacted', note: 'Rappeler', repeatOf: null }),
    ]);
    expect(search('awa ngono')).toEqual(['PI-AAAAAA']);

    const { row: repeat } = saveApplication(
      db,
      { ...submitted, town: 'Mimboman' },
      { forwarding: 'not_configured', confirmation: null },
    );
    expect(repeat).toMatchObject({ repeatOf: 1 });
    expect(search('awa ngono')).toEqual([repeat.reference, 'PI-AAAAAA']);

    db.delete(applications).where(eq(applications.reference, 'PI-AAAAAA')).run();
    expect(db.select({ reference: applications.reference, repeatOf: applications.repeatOf }).from(applications).all()).toEqual([
      { reference: repeat.reference, repeatOf: null },
    ]);
    expect(search('awa ngono')).toEqual([repeat.reference]);
    db.$client.close();
  });
});
