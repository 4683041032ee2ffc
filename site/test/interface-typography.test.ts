import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The interface's French follows the content's typography (content-typography.test.ts): the
 * typographic apostrophe ’, and a no-break space (U+00A0 or the narrow U+202F) before
 * ? ! ; : » and after «. Checked in what a visitor reads: the text of the pages' markup, the
 * attributes read aloud or shown (aria-label, title, placeholder, alt) and the components'
 * text props, and the French strings of the code (messages, labels).
 */

const source = fileURLToPath(new URL('../src', import.meta.url));

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(astro|ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** A French phrase: two words of letters, no code. */
const isFrench = (text: string) =>
  /\p{L}{2,}[\s’'\u00a0]+\p{L}|^\p{Lu}['’]\p{L}{3,}$/u.test(text.trim()) && !/=>|\$\{|[{}<>=]|^\s*[.#]?[a-z-]+\s*:/.test(text);

function phrases(path: string): string[] {
  const code = readFileSync(path, 'utf8');
  const found: string[] = [];
  if (path.endsWith('.astro')) {
    const template = code.replace(/^---[\s\S]*?\n---/, '').replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
    for (const [, text] of template.matchAll(/>([^<>{}]+)</g)) found.push(text ?? '');
    for (const [, , text] of template.matchAll(
      /\s(aria-label|title|placeholder|alt|description|text|label|eyebrow|intro)="([^"]*)"/g,
    )) {
      found.push(text ?? '');
    }
  }
  // String literals anywhere: the code's, and those of the markup's expressions (`label: "…"`).
  const script = code.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  for (const [, , text] of script.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) found.push(text ?? '');
  return found.filter(isFrench);
}

const rules: Array<[RegExp, string]> = [
  [/\p{L}'\p{L}/gu, 'straight apostrophe: use ’'],
  [/[ \t][?!;»]|[ \t]:(?=\s|$)/g, 'plain space before ? ! ; : or »: use a no-break space (U+00A0 or U+202F)'],
  [/«[ \t]/g, 'plain space after «: use a no-break space'],
];

describe('typography of the interface', () => {
  it('uses ’ and no-break spaces in every French string of site/src', () => {
    const problems = files(source).flatMap((path) =>
      phrases(path).flatMap((text) =>
        rules.flatMap(([pattern, problem]) =>
          [...text.matchAll(pattern)].map(
            (found) =>
              `${relative(source, path)}: ${problem}: «${text.slice(Math.max(0, found.index - 25), found.index + 5).trim()}»`,
          ),
        ),
      ),
    );
    expect(problems).toEqual([]);
  });
});
