import type { Application, ApplicationSummary } from '@cfp/shared';
import type { ApplicationRow } from './application-list.ts';

/** The programme as the student read it, in their language: its name, and its page on the site. */
export interface StudentProgramme {
  title: string;
  path: string;
}

/** An application as the list shows it: without the message, the note, the e-mail error, the repeats and the student's programme. */
export function toApplicationSummary(row: ApplicationRow, programmeTitle: string): ApplicationSummary {
  return {
    _id: row.id,
    reference: row.reference,
    programme: row.programme,
    programmeTitle,
    language: row.language,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    email: row.email,
    town: row.town,
    level: row.level,
    schedule: row.schedule,
    intake: row.intake,
    heardFrom: row.heardFrom,
    status: row.status,
    statusChangedBy: row.statusChangedBy,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    forwarding: row.forwarding,
    repeatOf: row.repeatOf && row.repeatOfReference ? { _id: row.repeatOf, reference: row.repeatOfReference } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A stored application as the API sends it in full, with the repeats sent after it and the
 * programme as the student read it.
 */
export function toApplication(
  row: ApplicationRow,
  programmeTitle: string,
  studentProgramme: StudentProgramme,
  repeats: Application['repeats'],
): Application {
  return {
    ...toApplicationSummary(row, programmeTitle),
    studentProgrammeTitle: studentProgramme.title,
    studentProgrammePath: studentProgramme.path,
    message: row.message,
    note: row.note,
    forwardingError: row.forwardingError,
    repeats,
  };
}
