import { isDeepStrictEqual } from 'node:util';
import { contentFieldLink } from '@cfp/shared';
import { checkContent } from '../check.ts';
import { type EditableDocument, formFields } from './documents.ts';

export type EditOutcome =
  /** Refused values, by form field (`phones.0.number`), in English. */
  | { kind: 'invalid'; fields: Record<string, string> }
  /** Fields someone else changed since the form was read, to other values than the ones submitted. */
  | { kind: 'conflict'; fields: string[] }
  | { kind: 'unchanged' }
  | { kind: 'changed'; text: string; fields: string[]; message: string };

export interface EditInput {
  /** The file as it was when the form was read. */
  baseText: string;
  /** The file as it is now. */
  currentText: string;
  /** The form as submitted, not yet validated. */
  submitted: unknown;
  /** The content folder, for the content check of the changed file among the others. */
  contentDir: string;
  /** YYYY-MM-DD in the centre's time zone. */
  today: string;
}

/**
 * Applies a form to a content file as a three-way merge: the fields the form changed (against
 * the file as it was read) are written into the file as it is now, unless someone changed the
 * same field meanwhile; the result must pass the content check (`pnpm content:check`).
 */
export function editContent<Form extends object>(document: EditableDocument<Form>, input: EditInput): EditOutcome {
  const parsed = document.schema(input.today).safeParse(input.submitted);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
    return { kind: 'invalid', fields };
  }
  const submitted = formFields(document.normalise(parsed.data));
  const baseForm = document.normalise(document.toForm(document.open(input.baseText).data()));
  const current = document.open(input.currentText);
  const base = formFields(baseForm);
  const now = formFields(document.normalise(document.toForm(current.data())));
  const changed = Object.keys(submitted).filter((field) => !isDeepStrictEqual(submitted[field], base[field]));
  const conflicts = changed.filter(
    (field) => !isDeepStrictEqual(now[field], base[field]) && !isDeepStrictEqual(now[field], submitted[field]),
  );
  if (conflicts.length > 0) return { kind: 'conflict', fields: conflicts };
  const toWrite = changed.filter((field) => !isDeepStrictEqual(now[field], submitted[field]));
  if (toWrite.length === 0) return { kind: 'unchanged' };

  const form = document.normalise(parsed.data);
  for (const field of toWrite) document.write(current, field, form);
  const text = current.toString();
  const refused = newErrors(document, input, text);
  if (Object.keys(refused).length > 0) return { kind: 'invalid', fields: refused };
  return { kind: 'changed', text, fields: toWrite, message: document.describe(toWrite, current.data()) };
}

/** Errors the content check finds in the changed file that it did not find before. */
function newErrors<Form>(document: EditableDocument<Form>, input: EditInput, text: string): Record<string, string> {
  const file = `content/${document.file}`;
  const errorsOf = (replacement: string) =>
    checkContent(input.contentDir, { replaced: new Map([[document.file, replacement]]) }).problems.filter(
      (problem) => problem.kind === 'error' && problem.file === file,
    );
  const before = new Set(errorsOf(input.currentText).map((problem) => `${problem.field}\n${problem.message}`));
  const fields: Record<string, string> = {};
  for (const problem of errorsOf(text)) {
    if (before.has(`${problem.field}\n${problem.message}`)) continue;
    const field = contentFieldLink(file, problem.field)?.field || 'form';
    fields[field] ??= `The content check refused this value: ${problem.message}`;
  }
  return fields;
}
