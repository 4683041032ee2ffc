import type { Application, ApplicationStatus, UpdateApplicationInput } from '@cfp/shared';

/** The follow-up as the staff member has it on screen: chosen and typed, saved or not. */
export interface FollowUpDraft {
  status: ApplicationStatus;
  note: string;
}

export interface SaveOutcome {
  kind: 'saved' | 'error';
  text: string;
}

export const savedFollowUp = (application: Application): FollowUpDraft => ({
  status: application.status,
  note: application.note ?? '',
});

/** Whether saving the draft would change anything (spaces around the note are not a change). */
export function hasUnsavedChanges(draft: FollowUpDraft, application: Application): boolean {
  return draft.status !== application.status || draft.note.trim() !== (application.note ?? '');
}

/** Only what changed goes to the API, so an untouched status is not recorded again in the audit log. */
export function followUpChanges(draft: FollowUpDraft, application: Application): UpdateApplicationInput {
  return {
    ...(draft.status !== application.status && { status: draft.status }),
    ...(draft.note.trim() !== (application.note ?? '') && { note: draft.note.trim() }),
  };
}
