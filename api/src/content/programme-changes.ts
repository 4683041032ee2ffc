import { errorsAdded, listProgrammes, programmeDocument, type YamlText } from '@cfp/content/editing';
import { type ContentSaveResponse, type ProgrammeSummary, pagePath } from '@cfp/shared';
import {
  type ContentEditor,
  type ContentWorkspace,
  changedMeanwhile,
  commitAuthor,
  committed,
  refuseUncommitted,
  savedResponse,
} from './content-editor.ts';
import { ContentConflict, ContentRejected } from './content-errors.ts';

/** One change written into several programmes' files at once, as one commit: confirming them, retiring one. */
export interface ProgrammesChange {
  slugs: string[];
  /** The content's commit the admin read the programmes at. */
  version: string;
  /** What the change is, in the refusal of an uncommitted file: "confirm", "retire". */
  action: string;
  /** Throws a ContentRefusal when the programme cannot take the change (confirmed already, retired already…). */
  refuse(programme: ProgrammeSummary): void;
  /** Writes the change into the programme's file. */
  edit(yaml: YamlText): void;
  /** The commit's message, from the programmes' titles. */
  message(titles: string[]): string;
}

export const noSuchProgramme = (slug: string) => new ContentRejected(`There is no programme “${slug}”: reload the list`);

/** 409 when one of the files changed since the list was read (or the version is not one of the repository's). */
async function refuseChangedSince(workspace: ContentWorkspace, files: string[], version: string): Promise<void> {
  const { repository } = workspace;
  for (const file of files) {
    const then = await repository.fileAt(version, file);
    if (then === undefined)
      throw new ContentConflict('This list is out of date: reload it to see the programmes as they are now');
    if (then !== (await repository.readFile(file))) throw new ContentConflict(await changedMeanwhile(workspace, [file], version));
  }
}

/** Each file with the change written in place, the rest of its text as it was. */
async function changedTexts({ repository }: ContentWorkspace, slugs: string[], edit: ProgrammesChange['edit']) {
  return Promise.all(
    slugs.map(async (slug) => {
      const document = programmeDocument(slug);
      const before = await repository.readFile(document.file);
      const yaml = document.open(before);
      edit(yaml);
      return { file: document.file, before, text: yaml.toString() };
    }),
  );
}

/** Refuses the change when the content check finds an error in those files that it did not find before. */
async function refuseNewErrors(workspace: ContentWorkspace, texts: Array<{ file: string; before: string; text: string }>) {
  const [error] = await errorsAdded(workspace.check, workspace.contentDir, {
    before: new Map(texts.map(({ file, before }) => [file, before])),
    after: new Map(texts.map(({ file, text }) => [file, text])),
    inFiles: new Set(texts.map(({ file }) => `content/${file}`)),
  });
  if (error) throw new ContentRejected(`This change would leave an error in the content: ${error.file}: ${error.message}`);
}

/**
 * Writes one change into programmes' files as one commit by the signed-in admin: each programme
 * must exist, take the change and be as it was at `version`; otherwise nothing is written.
 */
export function changeProgrammes(
  workspace: ContentWorkspace,
  editor: ContentEditor,
  change: ProgrammesChange,
): Promise<ContentSaveResponse> {
  const { repository } = workspace;
  const wanted = [...new Set(change.slugs)];
  return repository.serial(async () => {
    await repository.syncForSave();
    const listed = new Map(listProgrammes(workspace.contentDir).map((programme) => [programme.slug, programme]));
    const programmes = wanted.map((slug) => {
      const programme = listed.get(slug);
      if (!programme) throw noSuchProgramme(slug);
      return programme;
    });
    const files = wanted.map((slug) => programmeDocument(slug).file);
    await refuseUncommitted(repository, files, change.action);
    await refuseChangedSince(workspace, files, change.version);
    for (const programme of programmes) change.refuse(programme);
    const texts = await changedTexts(workspace, wanted, change.edit);
    await refuseNewErrors(workspace, texts);

    const message = change.message(programmes.map(({ title }) => title));
    const commit = await repository.commitFiles(
      texts.map(({ file, text }) => ({ file, text })),
      commitAuthor(editor),
      message,
    );
    const savedAt = await committed(workspace, editor, { commit, message });
    const [first] = files;
    const saved = await savedResponse(workspace, files, { file: first ?? '' }, { commit, message, savedAt });
    return files.length > 1 ? { ...saved, path: pagePath('fr', 'programmes') } : saved;
  });
}
