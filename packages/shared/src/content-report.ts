import { z } from 'zod';

/**
 * What `pnpm content:check` finds in content/: details the centre has not given yet, programmes
 * whose facts it has not confirmed, and errors (a file that breaks its schema, a broken link, a
 * sentence that promises a missing detail). Messages are French: they are for the content editor.
 */
export const contentProblemKinds = ['missing', 'unconfirmed', 'error'] as const;
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
  /** True when the site must not go live: an error, or (in strict mode) a required detail or an unconfirmed programme. */
  blocking: z.boolean(),
  strict: z.boolean(),
});
export type ContentReport = z.infer<typeof contentReport>;
