import type { Application, ApplicationSummary } from '@cfp/shared';
import type { ApplicationRow } from './application-list.ts';

/**
 * A stored application as the API sends it in full, with the repeats sent after it and the
 * programme's name in the student's language (the staff's one when not given).
 */
export function toApplication(
  row: ApplicationRow,
  programmeTitle: string,
  repeats: Application['repeats'] = [],
  studentProgrammeTitle = programmeTitle,
): Application {
  return {
    _id: row.id,
    reference: row.reference,
    programme: row.programme,
    programmeTitle,
    language: row.language,
    studentProgrammeTitle,
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
    studentProgrammeTitle: _studentTitle,
    ...summary
  } = toApplication(row, programmeTitle);
  return summary;
}
