import { randomInt } from 'node:crypto';
import type { ApplicationData, Locale } from '@cfp/shared';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log.ts';
import type { Db } from '../db/database.ts';
import { givenAsIs } from '../db/placeholders.ts';
import { applications } from '../db/schema.ts';

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const duplicateWindowMs = 24 * 60 * 60_000;

/** "PI-7K3M9Q": six characters a student can read out on the phone, never 0/O or 1/I. */
export function newReference(): string {
  return `PI-${Array.from({ length: 6 }, () => referenceAlphabet[randomInt(referenceAlphabet.length)]).join('')}`;
}

/** What the student sent; without a language, it came from the French site. */
type Submitted = Omit<ApplicationData, 'consent' | 'website' | 'language'> & { language?: Locale };
type StoredApplication = typeof applications.$inferSelect;

/** What the student typed, as stored: two posts with the same fields are the same application. */
function submittedFields(input: Submitted) {
  return {
    programme: input.programme,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    email: input.email ?? null,
    town: input.town,
    level: input.level,
    schedule: input.schedule ?? null,
    intake: input.intake ?? null,
    heardFrom: input.heardFrom ?? null,
    message: input.message ?? null,
    language: input.language ?? 'fr',
  };
}

const sameSubmission = (row: StoredApplication, fields: ReturnType<typeof submittedFields>) =>
  Object.entries(fields).every(([field, value]) => row[field as keyof typeof fields] === value);

/**
 * Stores a pre-enrolment. The same phone for the same programme within 24 hours is a repeat:
 * sent with exactly the same fields, it is the earlier application (a resend), else it is
 * stored apart, linked to the earlier one and audited. A post never changes an application
 * already stored nor learns the reference of one it did not type in full (docs/decisions/0019).
 */
export function saveApplication(
  db: Db,
  input: Submitted,
  mail: { forwarding: 'pending' | 'not_configured'; confirmation: 'pending' | 'not_configured' | null },
  now = new Date(),
): { row: StoredApplication; created: boolean } {
  const fields = submittedFields(input);
  const statements = statementsOf(db);
  const recent = statements.toRepeat.all({
    phone: fields.phone,
    programme: fields.programme,
    since: now.getTime() - duplicateWindowMs,
  });
  const resent = recent.find((row) => sameSubmission(row, fields));
  if (resent) return { row: resent, created: false };
  const [first] = recent;
  const row = insertApplication(statements.insert, { ...fields, ...mail, updatedAt: now.getTime(), repeatOf: first?.id ?? null });
  if (first) {
    recordAudit(db, {
      action: 'application.repeat',
      actor: { name: 'site' },
      target: `${row.reference} repeats ${first.reference}`,
    });
  }
  return { row, created: true };
}

/**
 * The applications a new one would repeat: the same phone's to the same programme since `since`
 * (ms), oldest first. Its placeholders are `phone`, `programme` and `since`.
 */
export function applicationsToRepeat(db: Db) {
  return db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.phone, sql.placeholder('phone')),
        eq(applications.programme, sql.placeholder('programme')),
        gt(applications.createdAt, sql.placeholder('since')),
      ),
    )
    .orderBy(asc(applications.id));
}

const insertedColumns = [
  'reference',
  'programme',
  'firstName',
  'lastName',
  'phone',
  'email',
  'town',
  'level',
  'schedule',
  'intake',
  'heardFrom',
  'message',
  'language',
  'forwarding',
  'confirmation',
  'updatedAt',
  'repeatOf',
] as const;
type InsertedColumn = (typeof insertedColumns)[number];

/**
 * A pre-enrolment's two statements, prepared once per database: drizzle building their SQL for
 * each post was a fifth of the API's CPU under bench:load. Dates are given in ms.
 */
function prepareStatements(db: Db) {
  return {
    toRepeat: applicationsToRepeat(db).prepare(),
    insert: db
      .insert(applications)
      .values(Object.fromEntries(insertedColumns.map((column) => [column, givenAsIs(column)])) as Record<InsertedColumn, SQL>)
      .onConflictDoNothing({ target: applications.reference })
      .returning()
      .prepare(),
  };
}

type Statements = ReturnType<typeof prepareStatements>;
const preparedFor = new WeakMap<Db, Statements>();

function statementsOf(db: Db): Statements {
  let statements = preparedFor.get(db);
  if (!statements) {
    statements = prepareStatements(db);
    preparedFor.set(db, statements);
  }
  return statements;
}

/** What the INSERT is given: every column, null where there is nothing, the date in ms. */
type InsertedValues = {
  [Column in InsertedColumn]-?: Column extends 'updatedAt'
    ? number
    : Exclude<(typeof applications.$inferInsert)[Column], undefined>;
};

function insertApplication(insert: Statements['insert'], values: Omit<InsertedValues, 'reference'>): StoredApplication {
  // References are random: one in a billion is taken already, so the odd collision just draws again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = insert.get({ ...values, reference: newReference() });
    if (row) return row;
  }
  throw new Error('no free application reference after 5 draws');
}
