import type { ContentSaveResponse, ProgrammeRetirementRequest } from '@cfp/shared';
import type { ContentEditor, ContentWorkspace } from './content-editor.ts';
import { ContentRejected } from './content-errors.ts';
import { changeProgrammes } from './programme-changes.ts';

/**
 * Takes a programme off the site, or puts it back, as one commit (`retired: true` in its file,
 * removed again on the way back): off the site, its pages lead to its department's page and it
 * takes no pre-enrolment; its file, its English twin and its history stay as they are.
 */
export function retireProgramme(
  workspace: ContentWorkspace,
  editor: ContentEditor,
  slug: string,
  { retired, version }: ProgrammeRetirementRequest,
): Promise<ContentSaveResponse> {
  return changeProgrammes(workspace, editor, {
    slugs: [slug],
    version,
    action: retired ? 'retire' : 'restore',
    refuse(programme) {
      if (programme.retired === retired)
        throw new ContentRejected(`${programme.title} is ${retired ? 'off' : 'on'} the site already: reload the page`);
    },
    edit: (yaml) => (retired ? yaml.set(['retired'], true) : yaml.delete(['retired'])),
    message: ([title]) => `${title}: ${retired ? 'taken off the site' : 'back on the site'}`,
  });
}
