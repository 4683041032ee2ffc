import { listInWords } from '@cfp/content/editing';
import type { ContentSaveResponse, ProgrammeGap, ProgrammeSummary, ProgrammesConfirmRequest } from '@cfp/shared';
import type { ContentEditor, ContentWorkspace } from './content-editor.ts';
import { ContentRejected } from './content-errors.ts';
import { changeProgrammes } from './programme-changes.ts';

const gapWords: Record<ProgrammeGap, string> = {
  fees: 'fees',
  intakes: 'next intakes',
  enrolmentDocuments: 'enrolment documents',
  scheduleHours: 'days and hours',
};

/** A commit's message names the programmes up to this many, then only counts them. */
const namedInMessage = 5;

/** Why the programme cannot be confirmed: confirmed already, or with facts still missing. */
function refuseUnconfirmable(programme: ProgrammeSummary): void {
  if (programme.confirmed) throw new ContentRejected(`${programme.title} is confirmed already: reload the list`);
  if (programme.gaps.length > 0) {
    const missing = listInWords(programme.gaps.map((gap) => gapWords[gap]));
    throw new ContentRejected(`${programme.title} still lacks its ${missing}: fill them in before confirming it`);
  }
}

/** "Programmes confirmed: Soudure and Plomberie", or "7 programmes confirmed" for many. */
export function confirmationMessage(titles: string[]): string {
  if (titles.length === 1) return `${titles[0]}: facts confirmed`;
  if (titles.length > namedInMessage) return `${titles.length} programmes confirmed`;
  return `Programmes confirmed: ${listInWords(titles)}`;
}

/**
 * Confirms several programmes' facts as one commit by the signed-in admin: each must exist, be
 * unconfirmed, miss no fact and be as it was at `version`; otherwise nothing is written.
 */
export function confirmProgrammes(
  workspace: ContentWorkspace,
  editor: ContentEditor,
  { slugs, version }: ProgrammesConfirmRequest,
): Promise<ContentSaveResponse> {
  return changeProgrammes(workspace, editor, {
    slugs,
    version,
    action: 'confirm',
    refuse: refuseUnconfirmable,
    edit: (yaml) => yaml.set(['confirmed'], true),
    message: confirmationMessage,
  });
}
