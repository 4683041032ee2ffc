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
import { and, eq, gt, lt } from 'drizzle-orm';
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

/** An application as the list shows it: without the message, the note and the e-mail error. */
export function toApplicationSummary(row: ApplicationRow, programmeTitle: string): ApplicationSummary {
  const { message: _message, note: _note, forwardingError: _error, ...summary } = toApplication(row, programmeTitle);
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
  ];
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
