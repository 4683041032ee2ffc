import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { applications, contactMessages, subscribers } from '../src/db/schema.ts';
import { migrationsBefore, temporaryDirectory } from './helper.ts';

describe('the form language migration', () => {
  it('keeps every message, application and subscriber stored before it as French, and then stores English ones', () => {
    const file = path.join(temporaryDirectory(), 'centre.sqlite');
    const before = new Database(file);
    migrate(drizzle(before), { migrationsFolder: migrationsBefore('0010') });
    before
      .prepare(
        `insert into contact_messages (first_name, last_name, email, phone, message, status, forwarding, created_at)
         values ('Aïcha', 'Mbarga', 'aicha@example.cm', '+237699001122', 'Quand est la rentrée ?', 'read', 'sent', 1795000000000)`,
      )
      .run();
    before
      .prepare(
        `insert into applications (reference, programme, first_name, last_name, phone, town, level, forwarding, updated_at)
         values ('PI-AAAAAA', 'soudure', 'Awa', 'Ngono', '+237699001122', 'Nkoabang', 'bepc', 'sent', 1795000000000)`,
      )
      .run();
    before
      .prepare(`insert into subscribers (email, status, unsubscribe_token) values ('awa@example.cm', 'confirmed', 't')`)
      .run();
    before.close();

    const db = openDatabase(file);
    expect(db.select({ language: contactMessages.language }).from(contactMessages).all()).toEqual([{ language: 'fr' }]);
    expect(db.select({ reference: applications.reference, language: applications.language }).from(applications).all()).toEqual([
      { reference: 'PI-AAAAAA', language: 'fr' },
    ]);
    expect(db.select({ language: subscribers.language }).from(subscribers).all()).toEqual([{ language: 'fr' }]);
    db.insert(subscribers).values({ email: 'fru@example.cm', status: 'pending', unsubscribeToken: 'u', language: 'en' }).run();
    expect(db.select({ language: subscribers.language }).from(subscribers).all()).toEqual([
      { language: 'fr' },
      { language: 'en' },
    ]);
    db.$client.close();
  });
});
