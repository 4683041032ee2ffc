import { randomInt } from 'node:crypto';
import type { ApplicationData, Locale } from '@cfp/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log.ts';
import type { Db } from '../db/database.ts';
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
  const recent = applicationsToRepeat(db, fields.phone, fields.programme, now).all();
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

/** The applications a new one from `phone` to `programme` would repeat: that phone's in the last 24 hours, oldest first. */
export function applicationsToRepeat(db: Db, phone: string, programme: string, now: Date) {
  return db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.phone, phone),
        eq(applications.programme, programme),
        gt(applications.createdAt, new Date(now.getTime() - duplicateWindowMs)),
      ),
    )
    .orderBy(asc(applications.id));
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
