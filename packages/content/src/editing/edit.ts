import { isDeepStrictEqual } from 'node:util';
import { type ContentProblem, type ContentReport, contentFieldLink, isBlankForm } from '@cfp/shared';
import { checkContent } from '../check.ts';
import { fingerprintOfText, translationStatusOf, withRenewedStamp } from '../english.ts';
import { englishPathOf, twinKindOf } from '../translations.ts';
import { type EditableDocument, formFields } from './documents.ts';
import { englishCheckMessage } from './english-messages.ts';
import type { YamlText } from './yaml-text.ts';

/** A file a save writes: its path from the content folder and its new text. */
export interface ChangedFile {
  file: string;
  text: string;
}

export type EditOutcome =
  /** Refused values, by form field (`phones.0.number`, `english.summary`), in English. */
  | { kind: 'invalid'; fields: Record<string, string> }
  /** Fields someone else changed since the form was read, to other values than the ones submitted. */
  | { kind: 'conflict'; fields: string[] }
  | { kind: 'unchanged' }
  /** The files to write, as one commit: the French file, its English twin, or both. */
  | { kind: 'changed'; files: ChangedFile[]; fields: string[]; message: string };

/** The English twin of the file a form edits, edited beside it (docs/decisions/0025). */
export interface EnglishEdit {
  // biome-ignore lint/suspicious/noExplicitAny: each twin has a form of its own
  document: EditableDocument<any>;
  /** Its text when the form was read, and now; undefined where there was no file. */
  baseText: string | undefined;
  currentText: string | undefined;
  /** The English values as submitted, not yet validated; undefined leaves the English file as it is. */
  submitted: unknown;
  /** The editor says the English now says what the French says ("The English says the same as the French"). */
  upToDate: boolean;
}

/**
 * The content check of the folder with some files replaced by new texts: `checkContent` itself by
 * default; the API runs it in a process of its own, as it reads every content file.
 */
export type ContentCheck = (contentDir: string, replaced: ReadonlyMap<string, string>) => Promise<ContentReport> | ContentReport;

const checkInPlace: ContentCheck = (contentDir, replaced) => checkContent(contentDir, { replaced });

export interface EditInput {
  /** The file as it was when the form was read. */
  baseText: string;
  /** The file as it is now. */
  currentText: string;
  /** The form as submitted, not yet validated. */
  submitted: unknown;
  /** The content folder, for the content check of the changed files among the others. */
  contentDir: string;
  /** YYYY-MM-DD in the centre's time zone. */
  today: string;
  english?: EnglishEdit;
  check?: ContentCheck;
}

/** The English fields, as the form and the API's messages name them. */
export const englishField = (field: string) => `english.${field}`;
/** The form's "The English says the same as the French". */
export const upToDateField = 'englishUpToDate';

type Merge =
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'merged'; conflicts: string[]; written: string[]; yaml: YamlText };

/**
 * A form merged into its file, three-way: the fields the form changed (against the file as it
 * was read) are written into the file as it is now, unless someone changed the same field
 * meanwhile (a conflict: nothing is to be written then).
 */
function merge<Form extends object>(
  document: EditableDocument<Form>,
  { baseText, currentText, submitted, today }: { baseText: string; currentText: string; submitted: unknown; today: string },
  name: (field: string) => string,
): Merge {
  const parsed = document.schema(today).safeParse(submitted);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[name(issue.path.join('.'))] ??= issue.message;
    return { kind: 'invalid', fields };
  }
  const form = document.normalise(parsed.data);
  const sent = formFields(form);
  const base = formFields(document.normalise(document.toForm(document.open(baseText).data())));
  const yaml = document.open(currentText);
  const now = formFields(document.normalise(document.toForm(yaml.data())));
  const changed = Object.keys(sent).filter((field) => !isDeepStrictEqual(sent[field], base[field]));
  const conflicts = changed.filter(
    (field) => !isDeepStrictEqual(now[field], base[field]) && !isDeepStrictEqual(now[field], sent[field]),
  );
  const written = changed.filter((field) => !isDeepStrictEqual(now[field], sent[field]));
  if (conflicts.length === 0) for (const field of written) document.write(yaml, field, form);
  return { kind: 'merged', conflicts: conflicts.map(name), written, yaml };
}

/**
 * Applies a form to a content file, and its English values to the English twin, as one change:
 * each file merged three-way (a field someone else changed meanwhile is a conflict), the English
 * marked as translating the French as it will be (`translationOf`) when its texts were changed
 * or the editor says it says the same; both files must pass the content check
 * (`pnpm content:check`) as they would be written.
 */
export async function editContent<Form extends object>(document: EditableDocument<Form>, input: EditInput): Promise<EditOutcome> {
  // An English text not written yet and left blank stays unwritten: the French is saved alone.
  const english =
    input.english?.currentText === undefined && isBlankForm(input.english?.submitted)
      ? input.english && { ...input.english, submitted: undefined }
      : input.english;
  const french = merge(document, input, (field) => field);
  const englishBlank = english?.document.blank ?? '';
  const englishMerge =
    english && english.submitted !== undefined
      ? merge(
          english.document,
          {
            baseText: english.baseText ?? englishBlank,
            currentText: english.currentText ?? englishBlank,
            submitted: english.submitted,
            today: input.today,
          },
          englishField,
        )
      : undefined;

  const invalid = {
    ...(french.kind === 'invalid' ? french.fields : {}),
    ...(englishMerge?.kind === 'invalid' ? englishMerge.fields : {}),
  };
  if (Object.keys(invalid).length > 0 || french.kind === 'invalid' || englishMerge?.kind === 'invalid') {
    return { kind: 'invalid', fields: invalid };
  }
  const conflicts = [...french.conflicts, ...(englishMerge?.conflicts ?? [])];
  if (conflicts.length > 0) return { kind: 'conflict', fields: conflicts };

  const frenchText = french.yaml.toString();
  let englishText = englishMerge && englishMerge.written.length > 0 ? englishMerge.yaml.toString() : english?.currentText;
  const kind = twinKindOf(document.file);
  let stampedOnly = false;
  if (english && kind && englishText !== undefined) {
    const status = translationStatusOf(document.file, input.currentText, english.currentText);
    const englishChanged = (englishMerge?.written.length ?? 0) > 0;
    const ticked = english.upToDate && status !== 'current' && english.currentText !== undefined;
    // The French texts the editor compared the English with are those after the save only if
    // nobody changed them meanwhile: otherwise the English cannot be said to translate them.
    const frenchMovedOn =
      fingerprintOfText(document.file, input.baseText) !== fingerprintOfText(document.file, input.currentText);
    if (ticked && frenchMovedOn) return { kind: 'conflict', fields: [upToDateField] };
    if ((englishChanged || ticked) && !frenchMovedOn) {
      // The sections the editor changed in English translate the French as saved; ticked, all of them.
      englishText = withRenewedStamp(document.file, frenchText, englishText, ticked ? 'all' : 'edited');
      stampedOnly = !englishChanged;
    }
  }

  const files: ChangedFile[] = [];
  if (frenchText !== input.currentText) files.push({ file: document.file, text: frenchText });
  if (english && englishText !== undefined && englishText !== english.currentText) {
    files.push({ file: english.document.file, text: englishText });
  }
  if (files.length === 0) return { kind: 'unchanged' };

  const refused = await newErrors(document, input, files);
  if (Object.keys(refused).length > 0) return { kind: 'invalid', fields: refused };

  const frenchFields = files.some(({ file }) => file === document.file) ? french.written : [];
  const englishFields = englishMerge?.written ?? [];
  const subject = document.subject(french.yaml.data());
  const said = [
    frenchFields.length > 0 ? document.words(frenchFields) : '',
    englishFields.length > 0 && english ? `English ${english.document.words(englishFields)}` : '',
    stampedOnly ? 'English marked up to date' : '',
  ].filter(Boolean);
  return {
    kind: 'changed',
    files,
    fields: [...frenchFields, ...englishFields.map(englishField), ...(stampedOnly ? [upToDateField] : [])],
    message: `${subject}: ${said.join('; ')}`,
  };
}

/**
 * The errors the content check finds in `inFiles` (`content/…` paths) with the texts `after` that
 * it does not find with the texts `before` (by path from the content folder): what a change would
 * break, whatever was broken already.
 */
export async function errorsAdded(
  check: ContentCheck,
  contentDir: string,
  {
    before,
    after,
    inFiles,
  }: { before: ReadonlyMap<string, string>; after: ReadonlyMap<string, string>; inFiles: ReadonlySet<string> },
): Promise<ContentProblem[]> {
  const errorsOf = async (replaced: ReadonlyMap<string, string>) =>
    (await check(contentDir, replaced)).problems.filter((problem) => problem.kind === 'error' && inFiles.has(problem.file));
  const keyOf = (problem: ContentProblem) => `${problem.file}\n${problem.field}\n${problem.message}`;
  const [errorsBefore, errorsAfter] = await Promise.all([errorsOf(before), errorsOf(after)]);
  const known = new Set(errorsBefore.map(keyOf));
  return errorsAfter.filter((problem) => !known.has(keyOf(problem)));
}

/** The errors the content check finds in the changed files (and the English twin) that it did not find before, by form field. */
async function newErrors<Form>(
  document: EditableDocument<Form>,
  input: EditInput,
  files: ChangedFile[],
): Promise<Record<string, string>> {
  const { english } = input;
  const documents = new Map<string, EditableDocument<unknown>>([
    [`content/${document.file}`, document as EditableDocument<unknown>],
  ]);
  // Without an English form, the twin is still checked: a French change must not break it.
  if (english) documents.set(`content/${english.document.file}`, english.document);
  const before = new Map([[document.file, input.currentText]]);
  if (english?.currentText !== undefined) before.set(english.document.file, english.currentText);
  const added = await errorsAdded(input.check ?? checkInPlace, input.contentDir, {
    before,
    after: new Map([...before, ...files.map(({ file, text }) => [file, text] as const)]),
    inFiles: new Set([...documents.keys(), `content/${englishPathOf(document.file)}`]),
  });
  const fields: Record<string, string> = {};
  for (const problem of added) {
    const isEnglish = problem.file.startsWith('content/en/');
    const owner = documents.get(problem.file);
    const field =
      owner?.fieldOfProblem?.(problem.field) ??
      contentFieldLink(problem.file, problem.field)?.field ??
      (isEnglish ? 'english' : 'form');
    fields[field || (isEnglish ? 'english' : 'form')] ??= isEnglish
      ? englishCheckMessage(problem.message)
      : `The content check refused this value: ${problem.message}`;
  }
  return fields;
}
