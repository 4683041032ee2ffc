import { errorsAdded, listProgrammes, programmeDocument, programmePictureFile } from '@cfp/content/editing';
import type { ContentSaveResponse } from '@cfp/shared';
import { processPicture } from '../images/process-image.ts';
import {
  type ContentEditor,
  type ContentWorkspace,
  commitAuthor,
  committed,
  refuseUncommitted,
  savedResponse,
} from './content-editor.ts';
import { ContentNotFound, ContentRejected } from './content-errors.ts';

/**
 * Gives a programme its photo, replaces it, or removes it (`upload: null`), as one commit by the
 * signed-in admin of its file (`picture: ./soudure.jpg`) and of the photo beside it. The upload is
 * checked by its bytes and re-encoded (processPicture) before anything is written.
 */
export async function changeProgrammePicture(
  workspace: ContentWorkspace,
  editor: ContentEditor,
  slug: string,
  upload: Buffer | null,
): Promise<ContentSaveResponse> {
  const photo = upload && (await processPicture(upload));
  const { repository, contentDir } = workspace;
  return repository.serial(async () => {
    await repository.syncForSave();
    const programme = listProgrammes(contentDir).find((listed) => listed.slug === slug);
    if (!programme) throw new ContentNotFound('No such programme');
    const document = programmeDocument(slug);
    const files = [document.file, programmePictureFile(slug)];
    await refuseUncommitted(repository, files, 'change the photo of');
    const before = await repository.readFile(document.file);
    const yaml = document.open(before);
    const had = yaml.has(['picture']);
    if (!photo && !had) throw new ContentRejected(`${programme.title} has no photo to remove`);
    if (photo) yaml.set(['picture'], `./${slug}.jpg`);
    else yaml.delete(['picture']);
    const text = yaml.toString();

    const [error] = await errorsAdded(workspace.check, contentDir, {
      before: new Map([[document.file, before]]),
      // The check only asks whether the photo is there.
      after: new Map([[document.file, text], ...(photo ? [[programmePictureFile(slug), ''] as const] : [])]),
      inFiles: new Set([`content/${document.file}`]),
    });
    if (error) throw new ContentRejected(`This change would leave an error in the content: ${error.file}: ${error.message}`);

    const message = `${programme.title}: ${photo ? (had ? 'photo changed' : 'photo added') : 'photo removed'}`;
    const commit = await repository.commitFiles(
      [
        { file: document.file, text },
        { file: programmePictureFile(slug), text: photo ?? undefined },
      ],
      commitAuthor(editor),
      message,
    );
    const savedAt = await committed(workspace, editor, { commit, message });
    return savedResponse(workspace, files, { file: document.file }, { commit, message, savedAt });
  });
}
