import type { EditableDocument } from '@cfp/content/editing';
import type { ContentPreviewResponse } from '@cfp/shared';
import type { SitePreviews } from '../site/site-previews.ts';
import { type ContentWorkspace, type EnglishTwin, editedFiles, type FormBody, pageOf } from './content-editor.ts';

/** Where the API answers a preview's pages: `/site-preview/<id>` then the page's own path. */
export const previewPrefix = (id: string) => `/site-preview/${id}`;

/**
 * The site as a form's unsaved values would make it, in both languages: the values checked and
 * merged as a save would (the same refusals), then built by the site's templates from a copy of
 * the content. No commit, no publish; the repository is only read, and not held while the site
 * builds.
 */
export async function previewForm<Form extends object>(
  workspace: ContentWorkspace,
  previews: Pick<SitePreviews, 'render'>,
  document: EditableDocument<Form>,
  body: FormBody,
  englishTwin?: EnglishTwin,
): Promise<ContentPreviewResponse> {
  const { repository } = workspace;
  const englishFile = englishTwin?.(true).file;
  const { files, englishText } = await repository.serial(async () => {
    const outcome = await editedFiles(workspace, document, body, englishTwin);
    const written = outcome.kind === 'changed' ? outcome.files : [];
    const englishWritten = written.find(({ file }) => file === englishFile);
    return {
      files: written,
      englishText: englishWritten?.text ?? (englishFile ? await repository.readFileIfAny(englishFile) : undefined),
    };
  });
  const preview = await previews.render(files);
  const prefix = previewPrefix(preview.id);
  return {
    pages: {
      fr: prefix + pageOf(document.file),
      ...(englishFile && englishText !== undefined && { en: prefix + pageOf(englishFile, englishText) }),
    },
    expiresAt: preview.expiresAt.toISOString(),
    rendered: preview.pages.rendered,
  };
}
