import { centreDocument, type EditableDocument, faqDocument, programmeDocument } from './documents.ts';
import { englishCentreDocument, englishFaqDocument, englishProgrammeDocument } from './english-documents.ts';

/**
 * The form's document of a content file (`formations/soudure.md`, `en/centre.yaml`), for what
 * reads any of them alike (a form's history); undefined for a file no form edits.
 */
// biome-ignore lint/suspicious/noExplicitAny: each document has a form of its own
export function documentOfFile(file: string): EditableDocument<any> | undefined {
  const fixed = [centreDocument, englishCentreDocument, faqDocument, englishFaqDocument].find(
    (document) => document.file === file,
  );
  if (fixed) return fixed;
  const programme = /^(en\/)?formations\/([a-z0-9-]+)\.md$/.exec(file);
  if (!programme?.[2]) return undefined;
  return programme[1] ? englishProgrammeDocument(programme[2]) : programmeDocument(programme[2]);
}
