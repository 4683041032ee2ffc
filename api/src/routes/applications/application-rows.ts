import { randomInt } from 'node:crypto';
import {
  type Application,
  type ApplicationData,
  type ApplicationSummary,
  applicationStatusLabels,
  formatCalendarDay,
  heardFromLabel,
  staffScheduleLabels,
  studentLevelLabels,
} from '@cfp/shared';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { recordAudit } from '../../audit/audit-log.ts';
import type { Db } from '../../db/database.ts';
import { applications } from '../../db/schema.ts';
import { csvDateTime, csvPhone } from '../../http-csv.ts';
import type { ApplicationRow } from './application-list.ts';

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const duplicateWindowMs = 24 * 60 * 60_000;

/** "PI-7K3M9Q": six characters a student can read out on the phone, never 0/O or 1/I. */
export function newReference(): string {
  return `PI-${Array.from({ length: 6 }, () => referenceAlphabet[randomInt(referenceAlphabet.length)]).join('')}`;
}

export function toApplication(row: ApplicationRow, programmeTitle: string, repeats: Application['repeats'] = []): Application {
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
    repeatOf: row.repeatOf && row.repeatOfReference ? { _id: row.repeatOf, reference: row.repeatOfReference } : null,
    repeats,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An application as the list shows it: without the message, the note, the e-mail error and the repeats. */
export function toApplicationSummary(row: ApplicationRow, programmeTitle: string): ApplicationSummary {
  const {
    message: _message,
    note: _note,
    forwardingError: _error,
    repeats: _repeats,
    ...summary
  } = toApplication(row, programmeTitle);
  return summary;
}

/** The export's columns, in the staff's words. */
export const applicationCsvHeader = [
  'Reference',
  'Programme',
  'First name',
  'Last name',
  'Phone',
  'E-mail',
  'Town',
  'Level',
  'Schedule',
  'Intake',
  'Heard about us from',
  'Status',
  'Note',
  'Applied on',
  'Repeat of',
];

/** One application as the export writes it: labels instead of codes, dates day first. */
export function applicationCsvCells(row: ApplicationRow, programmeTitle: string, timeZone: string): string[] {
  return [
    row.reference,
    programmeTitle,
    row.firstName,
    row.lastName,
    csvPhone(row.phone),
    row.email ?? '',
    row.town,
    studentLevelLabels[row.level],
    row.schedule ? staffScheduleLabels[row.schedule] : '',
    row.intake ? formatCalendarDay(row.intake) : '',
    row.heardFrom ? heardFromLabel(row.heardFrom) : '',
    applicationStatusLabels[row.status],
    row.note ?? '',
    csvDateTime(row.createdAt, timeZone),
    row.repeatOfReference ?? '',
  ];
}

type Submitted = Omit<ApplicationData, 'consent' | 'website'>;
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
  const recent = db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.phone, fields.phone),
        eq(applications.programme, fields.programme),
        gt(applications.createdAt, new Date(now.getTime() - duplicateWindowMs)),
      ),
    )
    .orderBy(asc(applications.id))
    .all();
  const resent = recent.find((row) => sameSubmission(row, fields));
  if (resent) return { row: resent, created: false };
  const [first] = recent;
  const row = insertApplication(db, { ...fields, ...mail, updatedAt: now, repeatOf: first?.id ?? null });
  if (first) {
    recordAudit(db, {
      action: 'application.repeat',
      actor: { name: 'site' },
      target: `${row.reference} repeats ${first.reference}`,
    });
  }
  return { row, created: true };
}

function insertApplication(db: Db, values: Omit<typeof applications.$inferInsert, 'reference'>): StoredApplication {
  // References are random: one in a billion is taken already, so the odd collision just draws again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = db
      .insert(applications)
      .values({ ...values, reference: newReference() })
      .onConflictDoNothing({ target: applications.reference })
      .returning()
      .get();
    if (row) return row;
  }
  throw new Error('no free application reference after 5 draws');
}

/**
 * Deletes the applications nobody has touched (no status change or note) for
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
