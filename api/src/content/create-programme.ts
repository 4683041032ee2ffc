import {
  englishProgrammeDocument,
  errorsAdded,
  listDepartments,
  newProgrammeFiles,
  nextProgrammeOrder,
  takenProgrammeAddresses,
} from '@cfp/content/editing';
import {
  type ContentSaveResponse,
  contentFieldLink,
  createdEnglishProgrammeForm,
  isoDayIn,
  type NewEnglishProgrammeForm,
  type NewProgrammeForm,
  type NewProgrammeRequest,
  newProgrammeForm,
} from '@cfp/shared';
import type { z } from 'zod';
import {
  type ContentEditor,
  type ContentWorkspace,
  commitAuthor,
  committed,
  refuseUncommitted,
  savedResponse,
} from './content-editor.ts';
import { ContentRejected } from './content-errors.ts';

/** A refusal naming its fields, the first one's message as the whole answer's. */
function refuse(fields: Record<string, string>): never {
  const [first] = Object.values(fields);
  throw new ContentRejected(first ?? 'A value was refused', fields);
}

function issuesByField(error: z.ZodError, prefix = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[`${prefix}${issue.path.join('.')}`] ??= issue.message;
  return fields;
}

/** Both forms validated, every refusal of either named at once. */
function validated(body: NewProgrammeRequest, today: string): { french: NewProgrammeForm; english: NewEnglishProgrammeForm } {
  const french = newProgrammeForm(today).safeParse(body.values);
  const english = createdEnglishProgrammeForm.safeParse(body.english);
  const fields = {
    ...(french.success ? {} : issuesByField(french.error)),
    ...(english.success ? {} : issuesByField(english.error, 'english.')),
  };
  if (!french.success || !english.success) refuse(fields);
  return { french: french.data, english: english.data };
}

/** Its department must exist, and neither address lead somewhere already. */
function refuseTakenPlaces(contentDir: string, french: NewProgrammeForm, english: NewEnglishProgrammeForm): void {
  const taken = takenProgrammeAddresses(contentDir);
  const fields: Record<string, string> = {};
  if (!listDepartments(contentDir).some(({ slug }) => slug === french.department)) fields.department = 'Choose a department';
  if (taken.french.has(french.slug)) fields.slug = 'Another programme has this address, or had it: choose another';
  if (taken.english.has(english.slug)) fields['english.slug'] = 'Another programme has this English address: choose another';
  if (Object.keys(fields).length > 0) refuse(fields);
}

/** What the content check finds wrong in the new files that the form could not see, by form field. */
async function refuseNewErrors(workspace: ContentWorkspace, slug: string, files: Array<{ file: string; text: string }>) {
  const problems = await errorsAdded(workspace.check, workspace.contentDir, {
    before: new Map(),
    after: new Map(files.map(({ file, text }) => [file, text])),
    inFiles: new Set(files.map(({ file }) => `content/${file}`)),
  });
  if (problems.length === 0) return;
  const english = englishProgrammeDocument(slug, true);
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const field = problem.file.startsWith('content/en/')
      ? (english.fieldOfProblem?.(problem.field) ?? 'english')
      : (contentFieldLink(problem.file, problem.field)?.field ?? 'form');
    fields[field] ??= `The content check refused this value: ${problem.message}`;
  }
  refuse(fields);
}

/**
 * Adds a programme (superAdmins): its French file, last in its department and unconfirmed
 * unless ticked, and its English twin, as one commit by the signed-in admin. Nothing is written
 * when a value is refused, an address is taken or the content check finds an error.
 */
export function createProgramme(
  workspace: ContentWorkspace,
  editor: ContentEditor,
  body: NewProgrammeRequest,
): Promise<ContentSaveResponse> {
  const { repository, contentDir } = workspace;
  return repository.serial(async () => {
    await repository.syncForSave();
    const { french, english } = validated(body, isoDayIn(workspace.now(), workspace.timeZone));
    refuseTakenPlaces(contentDir, french, english);
    const files = newProgrammeFiles(french, english, nextProgrammeOrder(contentDir, french.department));
    const paths = files.map(({ file }) => file);
    await refuseUncommitted(repository, paths, 'add');
    await refuseNewErrors(workspace, french.slug, files);

    const message = `${french.title}: added to the site`;
    const commit = await repository.commitFiles(files, commitAuthor(editor), message);
    const savedAt = await committed(workspace, editor, { commit, message });
    return savedResponse(workspace, paths, { file: paths[0] ?? '' }, { commit, message, savedAt });
  });
}
