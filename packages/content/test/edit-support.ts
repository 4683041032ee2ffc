import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EditOutcome } from '../src/editing/index.ts';

/** The project's content/, which the editing tests read and edit copies of. */
export const contentDir = path.resolve(import.meta.dirname, '../../../content');
export const read = (file: string) => readFileSync(path.join(contentDir, file), 'utf8');
/** The centre's today in the tests: intakes before it are in the past. */
export const today = '2026-11-25';

/** The text a save gives a file, from its outcome. */
export function written(outcome: EditOutcome, file: string): string {
  if (outcome.kind !== 'changed') throw new Error(JSON.stringify(outcome));
  const text = outcome.files.find((changed) => changed.file === file)?.text;
  if (text === undefined) throw new Error(`${file} is not written: ${outcome.files.map((changed) => changed.file).join(', ')}`);
  return text;
}
