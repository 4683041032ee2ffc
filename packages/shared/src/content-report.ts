import { z } from 'zod';

/**
 * What `pnpm content:check` finds in content/: details the centre has not given yet, programmes
 * whose facts it has not confirmed, English texts older than their French one, and errors (a
 * file that breaks its schema, a broken link, a sentence that promises a missing detail).
 * Messages are French: they are for the content editor.
 */
export const contentProblemKinds = ['missing', 'unconfirmed', 'untranslated', 'error'] as const;
export type ContentProblemKind = (typeof contentProblemKinds)[number];

export const contentProblem = z.object({
  kind: z.enum(contentProblemKinds),
  /** The file to edit, from the repository's root: `content/centre.yaml`. */
  file: z.string(),
  /** The field in that file, as a path: `phones[0].number`; empty for the file as a whole. */
  field: z.string(),
  message: z.string(),
  /** A missing detail the site can go live without (a second phone, a social network). */
  optional: z.boolean().optional(),
});
export type ContentProblem = z.infer<typeof contentProblem>;

export const contentReport = z.object({
  checkedAt: z.string(),
  problems: z.array(contentProblem),
  /** True when the site must not go live: an error, or (in strict mode) a required detail, an unconfirmed programme or an English text to update. */
  blocking: z.boolean(),
  strict: z.boolean(),
});
export type ContentReport = z.infer<typeof contentReport>;

/**
 * A problem's field as people read it (the terminal's report, the build's error, the admin's
 * technical details), list items numbered from 1 as an editor counts them: `[6].answer` of the
 * FAQ is "question n° 7 › answer", `phones[0].number` "phones n° 1 › number". The field itself
 * stays a path from 0: contentFieldLink reads it.
 */
export function fieldLabel(file: string, field: string): string {
  const rootItem = file === 'content/faq.yaml' ? 'question' : 'item';
  return field
    .replace(/^\[/, `${rootItem}[`)
    .replace(/\[(\d+)\]/g, (_, index: string) => ` n°\u00a0${Number(index) + 1}`)
    .replace(/\./g, ' › ');
}
