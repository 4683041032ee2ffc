import { fieldsOf, splitFrontMatter, translationStatusOf } from '@cfp/content';
import { type ContentCheck, centreDocument, type EditableDocument, editContent, errorsAdded } from '@cfp/content/editing';
import {
  type ContentRevision,
  type ContentSaveResponse,
  formatDayAndTime,
  isoDayIn,
  pagePath,
  programmePath,
  type TranslationStatus,
} from '@cfp/shared';
import { ContentConflict, ContentNotFound, ContentRejected } from './content-errors.ts';
import { formHistory } from './content-history.ts';
import type { ContentRepository, UndoRefusal } from './content-repository.ts';

/** What a change of the content works with: the repository, its folder, the content check, the centre's time zone, a clock. */
export interface ContentWorkspace {
  repository: ContentRepository;
  contentDir: string;
  timeZone: string;
  /** The content check, in its own process (api/src/content/content-checker.ts). */
  check: ContentCheck;
  now: () => Date;
}

/** Who changes the content, and what follows their commit: its audit entry, the site's rebuild. */
export interface ContentEditor {
  author: { username: string; email: string };
  recordChange(action: 'content.update' | 'content.revert', target: string): void;
  rebuildSite(reason: string): Promise<void>;
}

/** The editor as the author of a commit. */
export const commitAuthor = ({ author }: ContentEditor) => ({ name: author.username, email: author.email });

/** An English text's own address, `slug` in its front matter; undefined when it has none. */
export function englishSlugIn(text: string | undefined): string | undefined {
  try {
    const slug = text === undefined ? undefined : fieldsOf(splitFrontMatter(text)?.data).slug;
    return typeof slug === 'string' ? slug : undefined;
  } catch {
    return undefined;
  }
}

/** The public page that shows a content file (an English text's, from its text: its address is its own). */
export function pageOf(file: string, text?: string): string {
  if (file === centreDocument.file) return pagePath('fr', 'contact');
  if (file === 'faq.yaml') return pagePath('fr', 'faq');
  if (file === 'en/centre.yaml') return pagePath('en', 'contact');
  if (file === 'en/faq.yaml') return pagePath('en', 'faq');
  const programme = /^formations\/([a-z0-9-]+)\.md$/.exec(file);
  if (programme?.[1]) return programmePath(programme[1]);
  const english = englishSlugIn(text);
  return /^en\/formations\//.test(file) && english ? programmePath(english, 'en') : '/';
}

async function revisionOf({ repository }: ContentWorkspace, files: string[]): Promise<ContentRevision> {
  return {
    version: await repository.head(),
    history: await formHistory(repository, files),
    unpushed: await repository.unpushed(),
  };
}

/**
 * The English twin of a form's file: its document, which depends on whether the file exists
 * (a programme's English text not written yet is created whole by the form).
 */
// biome-ignore lint/suspicious/noExplicitAny: each twin has a form of its own
export type EnglishTwin = (exists: boolean) => EditableDocument<any>;

export interface EnglishRead {
  file: string;
  exists: boolean;
  status: TranslationStatus;
  data: unknown;
  /** The English values as the form shows them; blank when there is no file yet. */
  values: unknown;
  text: string | undefined;
}

/** Reads a form's values, and its English twin's, with the revision they were read at, in one step (no save between). */
export function readForm<Form>(workspace: ContentWorkspace, document: EditableDocument<Form>, englishTwin?: EnglishTwin) {
  const { repository } = workspace;
  return repository.serial(async () => {
    const text = await repository.readFile(document.file);
    const data = document.open(text).data();
    let english: EnglishRead | undefined;
    if (englishTwin) {
      const file = englishTwin(true).file;
      const englishText = await repository.readFileIfAny(file);
      const twin = englishTwin(englishText !== undefined);
      const englishData = twin.open(englishText ?? twin.blank ?? '').data();
      english = {
        file: `content/${file}`,
        exists: englishText !== undefined,
        status: translationStatusOf(document.file, text, englishText),
        data: englishData,
        values: twin.toForm(englishData),
        text: englishText,
      };
    }
    const files = [document.file, ...(english ? [englishTwin?.(true).file ?? ''] : []), ...(document.companions ?? [])];
    return { data, values: document.toForm(data), english, revision: await revisionOf(workspace, files) };
  });
}

/** A save's answer: the commit, and the revision of `files` after it; `shown` is the file whose public page shows it. */
export async function savedResponse(
  workspace: ContentWorkspace,
  files: string[],
  shown: { file: string; text?: string },
  { commit, message, savedAt, unchanged = false }: { commit: string; message: string; savedAt: string; unchanged?: boolean },
) {
  const revision = await revisionOf(workspace, files);
  const saved: ContentSaveResponse = {
    commit,
    message,
    savedAt,
    unchanged,
    unpushed: revision.unpushed,
    path: pageOf(shown.file, shown.text),
    revision,
  };
  return saved;
}

/**
 * What follows a commit of the content: its audit entry, the site's rebuild, the push. Returns
 * the save's time, taken before the rebuild is asked for: the admin waits for a build that
 * ends after it, and a warm build can end before the push does.
 */
export async function committed(
  workspace: ContentWorkspace,
  editor: ContentEditor,
  change: { commit: string; message: string; action?: 'content.update' | 'content.revert'; audited?: string },
): Promise<string> {
  const { commit, message, action = 'content.update', audited = message } = change;
  editor.recordChange(action, `${audited} (${commit.slice(0, 7)})`);
  const savedAt = workspace.now().toISOString();
  await editor.rebuildSite(`${message} by ${editor.author.username}`);
  await workspace.repository.syncForSave();
  return savedAt;
}

/** What a form sends to be saved or previewed: its values, and the version of the content they were read at. */
export interface FormBody {
  version: string;
  values: unknown;
  english?: unknown;
  englishUpToDate?: boolean | undefined;
}

/**
 * The form's values merged into the content as it is now: the files a save would write, or
 * nothing when the values are what the files say. Throws the refusal a save answers with: a
 * value refused (400), a field someone else changed meanwhile (409).
 */
export async function editedFiles<Form extends object>(
  workspace: ContentWorkspace,
  document: EditableDocument<Form>,
  body: FormBody,
  englishTwin?: EnglishTwin,
) {
  const { repository } = workspace;
  const englishFile = englishTwin?.(true).file;
  const baseText = await repository.fileAt(body.version, document.file);
  if (baseText === undefined) throw new ContentConflict('This form is out of date: reload it to see the content as it is now');
  const englishCurrent = englishFile ? await repository.readFileIfAny(englishFile) : undefined;
  const outcome = await editContent(document, {
    baseText,
    currentText: await repository.readFile(document.file),
    submitted: body.values,
    contentDir: workspace.contentDir,
    // An intake "in the past" is one before the centre's today.
    today: isoDayIn(workspace.now(), workspace.timeZone),
    check: workspace.check,
    english:
      englishTwin && englishFile
        ? {
            document: englishTwin(englishCurrent !== undefined),
            baseText: await repository.fileAt(body.version, englishFile),
            currentText: englishCurrent,
            submitted: body.english,
            upToDate: body.englishUpToDate === true,
          }
        : undefined,
  });
  if (outcome.kind === 'invalid') {
    const [first] = Object.values(outcome.fields);
    throw new ContentRejected(first ?? 'A value was refused', outcome.fields);
  }
  if (outcome.kind === 'conflict') {
    const message = await changedMeanwhile(workspace, formFiles(document, englishTwin), body.version);
    throw new ContentConflict(message, Object.fromEntries(outcome.fields.map((field) => [field, message])));
  }
  return outcome;
}

/** A form's file and its English twin's. */
const formFiles = (document: EditableDocument<object>, englishTwin?: EnglishTwin) => {
  const englishFile = englishTwin?.(true).file;
  return englishFile ? [document.file, englishFile] : [document.file];
};

/**
 * Saves a form, and the English texts beside it, as one commit of the content repository,
 * authored by the signed-in admin, after taking in the shared repository's new commits; pushes
 * it; the site rebuilds. Nothing is written when a value is refused or a field was changed
 * meanwhile by someone else.
 */
export function saveForm<Form extends object>(
  workspace: ContentWorkspace,
  editor: ContentEditor,
  document: EditableDocument<Form>,
  body: FormBody,
  englishTwin?: EnglishTwin,
): Promise<ContentSaveResponse> {
  const { repository } = workspace;
  const files = formFiles(document, englishTwin);
  return repository.serial(async () => {
    await repository.syncForSave();
    await refuseUncommitted(repository, files, 'save');
    const outcome = await editedFiles(workspace, document, body, englishTwin);
    if (outcome.kind === 'unchanged') {
      const head = await repository.head();
      const savedAt = workspace.now().toISOString();
      return savedResponse(
        workspace,
        files,
        { file: document.file },
        { commit: head, message: 'No change', savedAt, unchanged: true },
      );
    }

    const commit = await repository.commitFiles(outcome.files, commitAuthor(editor), outcome.message);
    const savedAt = await committed(workspace, editor, { commit, message: outcome.message });
    // The French page shows a change of both files; an English text changed alone, its own page.
    const [shown = { file: document.file }] = outcome.files;
    const companions = document.companions ?? [];
    return savedResponse(workspace, [...files, ...companions], shown, { commit, message: outcome.message, savedAt });
  });
}

/** "This was changed by Paul at …; reload to see it": who last changed these files since `version`. */
export async function changedMeanwhile(workspace: ContentWorkspace, files: string[], version: string): Promise<string> {
  const [last] = await workspace.repository.history(files, { since: version, limit: 1 });
  const who = last ? `${last.author} at ${formatDayAndTime(new Date(last.date), workspace.timeZone)}` : 'someone else';
  return `This was changed by ${who}; reload to see it`;
}

const undoRefusals: Record<UndoRefusal, string> = {
  'not-in-history': 'This change is not in the content’s history: there is nothing to undo',
  'first-version': 'This is the content’s first version: there is no earlier one to go back to',
  photo: 'A photo cannot be undone here: upload the earlier photo again, or remove it, from the programme’s form',
  'outside-content': 'This change touched more than the content: it cannot be undone from here',
  conflict: 'This change cannot be undone on its own: later changes built on it',
};

/** Refuses to write over a file that has changes on the server not committed to git (an editor at work there). */
export async function refuseUncommitted(repository: ContentRepository, files: string[], action: string): Promise<void> {
  const [uncommitted] = await repository.uncommittedChanges(files);
  if (uncommitted) {
    throw new ContentConflict(
      `${await repository.pathOf(uncommitted)} has changes on the server that are not committed to git: commit or discard them there, then ${action} again`,
    );
  }
}

/**
 * Undoes one commit of the content with a new one (superAdmin): its change taken back over what
 * came after it, checked as a save is, committed alone. Nothing else in the repository is touched.
 */
export function revertChange(workspace: ContentWorkspace, editor: ContentEditor, commit: string): Promise<ContentSaveResponse> {
  const { repository } = workspace;
  return repository.serial(async () => {
    await repository.syncForSave();
    const original = await repository.change(commit);
    if (!original) throw new ContentNotFound('No such change of the content');
    const undone = await repository.undoneTexts(commit);
    if (typeof undone === 'string') throw new ContentConflict(undoRefusals[undone]);
    const files = undone.map(({ file }) => file);
    await refuseUncommitted(repository, files, 'undo');
    const current = new Map<string, string>();
    for (const file of files) {
      const text = await repository.readFileIfAny(file);
      if (text !== undefined) current.set(file, text);
    }
    const written = undone.flatMap(({ file, text }) => (text === undefined ? [] : [[file, text] as const]));
    const [error] = await errorsAdded(workspace.check, workspace.contentDir, {
      before: current,
      after: new Map([...current, ...written]),
      inFiles: new Set(files.map((file) => `content/${file}`)),
    });
    if (error) {
      throw new ContentConflict(`Undoing this change would leave an error in the content: ${error.file}: ${error.message}`);
    }

    const message = `Undo “${original.message}”`;
    const reverted = await repository.commitFiles(undone, commitAuthor(editor), message);
    const file = files.find((touched) => !touched.startsWith('en/')) ?? files[0] ?? centreDocument.file;
    const text = file.startsWith('en/') ? await repository.readFileIfAny(file) : undefined;
    const undo = { commit: reverted, message, action: 'content.revert', audited: original.message } as const;
    const savedAt = await committed(workspace, editor, undo);
    return savedResponse(workspace, files, { file, text }, { commit: reverted, message, savedAt });
  });
}
