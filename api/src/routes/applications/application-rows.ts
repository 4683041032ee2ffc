import { randomInt } from 'node:crypto';
import { type Application, type ApplicationData, formatCalendarDay } from '@cfp/shared';
import { and, eq, gt, lt } from 'drizzle-orm';
import { recordAudit } from '../../audit/audit-log.ts';
import type { Db } from '../../db/database.ts';
import { applications } from '../../db/schema.ts';
import { csvDateTime, csvDocument } from '../../http-csv.ts';

type ApplicationRow = typeof applications.$inferSelect;

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const duplicateWindowMs = 24 * 60 * 60_000;

/** "PI-7K3M9Q": six characters a student can read out on the phone, never 0/O or 1/I. */
export function newReference(): string {
  return `PI-${Array.from({ length: 6 }, () => referenceAlphabet[randomInt(referenceAlphabet.length)]).join('')}`;
}

export function toApplication(row: ApplicationRow, programmeTitle: string): Application {
  return {
    _id: row.id,
    reference: row.reference,
    programme: row.programme,
    programmeTitle,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    town: row.town,
    level: row.level,
    schedule: row.schedule,
    intake: row.intake,
    heardFrom: row.heardFrom,
    message: row.message,
    status: row.status,
    statusChangedBy: row.statusChangedBy,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    note: row.note,
    forwarding: row.forwarding,
    forwardingError: row.forwardingError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const csvColumns = [
  'reference',
  'programme',
  'programmeTitle',
  'firstName',
  'lastName',
  'phone',
  'email',
  'town',
  'level',
  'schedule',
  'intake',
  'heardFrom',
  'status',
  'note',
  'createdAt',
] as const satisfies (keyof Application)[];

function csvValue(application: Application, column: (typeof csvColumns)[number], timeZone: string): string {
  if (column === 'createdAt') return csvDateTime(application.createdAt, timeZone);
  if (column === 'intake') return application.intake ? formatCalendarDay(application.intake) : '';
  return application[column] ?? '';
}

/** The export staff open in a spreadsheet: one application a line, dates as they read them elsewhere. */
export function applicationsCsv(list: Application[], timeZone: string): string {
  return csvDocument(
    [...csvColumns],
    list.map((application) => csvColumns.map((column) => csvValue(application, column, timeZone))),
  );
}

type Submitted = Omit<ApplicationData, 'consent' | 'website'>;

/**
 * Stores a pre-enrolment, or updates the one the same phone made for the same programme in the
 * last 24 hours (a student who sends the form twice, or corrects it, stays one application).
 */
export function saveApplication(
  db: Db,
  input: Submitted,
  mail: { forwarding: 'pending' | 'not_configured'; confirmation: 'pending' | 'not_configured' | null },
  now = new Date(),
) {
  const fields = {
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
    updatedAt: now,
  } as const;
  const recent = db
    .select({ id: applications.id, confirmation: applications.confirmation })
    .from(applications)
    .where(
      and(
        eq(applications.phone, input.phone),
        eq(applications.programme, input.programme),
        gt(applications.createdAt, new Date(now.getTime() - duplicateWindowMs)),
      ),
    )
    .get();
  if (recent) {
    // An address given only the second time gets its confirmation then.
    const confirmation = recent.confirmation ?? mail.confirmation;
    const row = db
      .update(applications)
      .set({ ...fields, confirmation })
      .where(eq(applications.id, recent.id))
      .returning()
      .get();
    return { row: row as ApplicationRow, created: false };
  }
  // References are random: one in a billion is taken already, so the odd collision just draws again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = db
      .insert(applications)
      .values({ ...fields, reference: newReference(), ...mail })
      .onConflictDoNothing({ target: applications.reference })
      .returning()
      .get();
    if (row) return { row, created: true };
  }
  throw new Error('no free application reference after 5 draws');
}

/**
 * Deletes the applications nobody has touched (no repeat, status change or note) for
 * `retentionDays`, and records how many went in the audit log, in one transaction.
 */
export function purgeExpiredApplications(db: Db, retentionDays: number, now = new Date()): number {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60_000);
  return db.transaction((tx) => {
    const purged = tx.delete(applications).where(lt(applications.updatedAt, cutoff)).returning({ id: applications.id }).all();
    if (purged.length > 0) {
      recordAudit(tx, {
        action: 'application.purge',
        actor: { name: 'retention' },
        target: `${purged.length} untouched for more than ${retentionDays} days`,
      });
    }
    return purged.length;
  });
}
