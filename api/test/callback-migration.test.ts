import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { contactMessages } from '../src/db/schema.ts';
import { migrationsBefore, temporaryDirectory } from './helper.ts';

describe('the callback requests migration', () => {
  it('keeps the messages already stored, as messages with their e-mail, and then takes a callback request without one', () => {
    const file = path.join(temporaryDirectory(), 'centre.sqlite');
    const before = new Database(file);
    migrate(drizzle(before), { migrationsFolder: migrationsBefore('0008') });
    before
      .prepare(
        `insert into contact_messages (first_name, last_name, email, phone, message, programme, status, forwarding, created_at)
         values ('Aïcha', 'Mbarga', 'aicha@example.cm', '+237699001122', 'Quand est la rentrée ?', 'soudure', 'read', 'sent', 1795000000000)`,
      )
      .run();
    before.close();

    const db = openDatabase(file);
    expect(db.select().from(contactMessages).all()).toEqual([
      expect.objectContaining({
        id: 1,
        kind: 'message',
        firstName: 'Aïcha',
        email: 'aicha@example.cm',
        message: 'Quand est la rentrée ?',
        programme: 'soudure',
        bestTime: null,
        status: 'read',
        forwarding: 'sent',
        createdAt: new Date(1795000000000),
      }),
    ]);
    db.insert(contactMessages)
      .values({
        kind: 'callback',
        firstName: 'Awa Ngono',
        lastName: '',
        phone: '+237699001122',
        message: '',
        forwarding: 'pending',
      })
      .run();
    expect(db.select({ kind: contactMessages.kind, email: contactMessages.email }).from(contactMessages).all()).toEqual([
      { kind: 'message', email: 'aicha@example.cm' },
      { kind: 'callback', email: null },
    ]);
    db.$client.close();
  });
});
