import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { directivePattern } from '@cfp/content';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

/**
 * The typographic conventions of content/. French: the typographic apostrophe ’, a
 * non-breaking space (U+00A0, or the narrow U+202F) before : ; ? ! » and %, and after «.
 * A plain space there lets a line break leave the sign alone at the start of a line.
 * English (content/en/): the apostrophe ’ too, and no space at all before : ; ? !.
 */

const content = fileURLToPath(new URL('../../content', import.meta.url));

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(md|ya?ml)$/.test(entry.name) ? [path] : [];
  });
}

/** Every string a reader sees: YAML values and the markdown body. */
function prose(path: string): string[] {
  const source = readFileSync(path, 'utf8');
  const match = path.endsWith('.md') ? /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source) : null;
  const data: unknown = parseYaml(match ? (match[1] ?? '') : source);
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(data);
  if (match) strings.push(match[2] ?? '');
  // The `[À COMPLÉTER: ...]` marker is read by the site's code, not by visitors, and a directive
  // (`:appeler`) is replaced by words: its colon is not punctuation.
  return strings.filter((text) => !text.startsWith('[À COMPLÉTER: ')).map((text) => text.replace(directivePattern, 'directive'));
}

const space = '[\\u00a0\\u202f]';
const frenchRules: Array<[RegExp, string]> = [
  [/'/g, 'straight apostrophe: use ’'],
  [/[ \t][:;?!»%]/g, 'plain space before : ; ? ! » or %: use a non-breaking space (U+00A0)'],
  [/[^\s\u00a0\u202f(][;?!»](?=\s|$)/g, 'no space before ; ? ! or »: add a non-breaking space (U+00A0)'],
  [/[\p{L}\p{N})\]»*][:%](?=\s|$)/gu, 'no space before : or %: add a non-breaking space (U+00A0)'],
  [new RegExp(`«(?!${space})`, 'g'), 'no non-breaking space after «'],
];
const englishRules: Array<[RegExp, string]> = [
  [/'/g, 'straight apostrophe: use ’'],
  [/[ \t\u00a0\u202f][:;?!]/g, 'space before : ; ? or !: English has none'],
  [/[«»]/g, 'French quotation marks: use “ ”'],
];
const english = join(content, 'en');

describe('typography of content/', () => {
  it('uses ’ and non-breaking spaces before high punctuation in every file', () => {
    const problems = files(content).flatMap((path) =>
      prose(path).flatMap((text) =>
        (path.startsWith(english) ? englishRules : frenchRules).flatMap(([pattern, problem]) =>
          [...text.matchAll(pattern)].map(
            (found) => `${relative(content, path)}: ${problem}: «${text.slice(Math.max(0, found.index - 25), found.index + 5)}»`,
          ),
        ),
      ),
    );
    expect(problems).toEqual([]);
  });
});
