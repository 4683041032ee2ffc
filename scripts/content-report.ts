/**
 * Content report: for each programme in content/formations, how much it says and how much
 * of it is said elsewhere (issue 5). Run with `node scripts/content-report.ts [content-dir]`
 * (the content directory defaults to the repository's `content/`).
 *
 * - Words: the markdown body plus the `job` field (the programme's own prose; lists such
 *   as skills, outlets and admission are not counted). Markdown syntax (heading marks,
 *   emphasis, link targets, list bullets) is dropped; a word is a run of characters
 *   between spaces that holds a letter or a digit, so "l’atelier" is one word and "–" none.
 * - Shared sentences: the same text (body and job) is cut into sentences at . ! ? … and at
 *   line ends; headings are left out. Sentences are compared after lower-casing and
 *   normalising spaces, apostrophes and punctuation. A programme's share is the part of
 *   its sentences that also appear in at least one other programme.
 *
 * Exits with 1 if a programme has fewer than 300 words or a share above 10 %.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { splitFrontMatter } from '@cfp/content';

const minWords = 300;
const maxShare = 0.1;

const contentDir = process.argv[2] ? pathToFileURL(`${resolve(process.argv[2])}/`) : new URL('../content/', import.meta.url);
const directory = new URL('formations/', contentDir);

type Programme = { slug: string; words: number; sentences: Set<string> };

function splitFile(slug: string, source: string): { data: Record<string, unknown>; body: string } {
  const parsed = splitFrontMatter(source);
  if (!parsed) throw new Error(`content/formations/${slug}.md: no front matter between --- lines`);
  return { data: parsed.data as Record<string, unknown>, body: parsed.body };
}

/** The prose of a markdown text, one line per paragraph, heading or list item; headings dropped. */
function proseLines(markdown: string): string[] {
  return markdown
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) =>
      line
        .replace(/^([-*+]|\d+\.)\s+/, '')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[*_`]+/g, ''),
    );
}

function countWords(lines: string[]): number {
  return lines.flatMap((line) => line.split(/\s+/)).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

function sentencesOf(lines: string[]): Set<string> {
  const sentences = new Set<string>();
  for (const line of lines) {
    for (const sentence of line.split(/(?<=[.!?…])\s+/)) {
      const normalised = sentence
        .toLowerCase()
        .replace(/[’‘`]/g, "'")
        .replace(/[\s\u00a0\u202f]+/g, ' ')
        .replace(/[\s.!?…:;,]+$/, '')
        .trim();
      if (/[\p{L}\p{N}]/u.test(normalised)) sentences.add(normalised);
    }
  }
  return sentences;
}

const programmes: Programme[] = readdirSync(directory)
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => {
    const slug = name.slice(0, -'.md'.length);
    const { data, body } = splitFile(slug, readFileSync(new URL(name, directory), 'utf8'));
    const lines = [...proseLines(typeof data.job === 'string' ? data.job : ''), ...proseLines(body)];
    return { slug, words: countWords(lines), sentences: sentencesOf(lines) };
  });

/** Which programmes say each sentence. */
const sayers = new Map<string, string[]>();
for (const { slug, sentences } of programmes) {
  for (const sentence of sentences) sayers.set(sentence, [...(sayers.get(sentence) ?? []), slug]);
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const rows = programmes.map(({ slug, words, sentences }) => {
  const others = [...sentences].flatMap((sentence) => (sayers.get(sentence) ?? []).filter((other) => other !== slug));
  const shared = [...sentences].filter((sentence) => (sayers.get(sentence)?.length ?? 0) > 1).length;
  return {
    slug,
    words,
    sentences: sentences.size,
    share: sentences.size ? shared / sentences.size : 0,
    with: [...new Set(others)],
  };
});

const width = Math.max(...rows.map((row) => row.slug.length));
console.log(`${'programme'.padEnd(width)}  words  sentences  shared`);
for (const row of rows) {
  const withOthers = row.with.length ? `  (with ${row.with.join(', ')})` : '';
  console.log(
    `${row.slug.padEnd(width)}  ${String(row.words).padStart(5)}  ${String(row.sentences).padStart(9)}  ${percent(row.share).padStart(6)}${withOthers}`,
  );
}

const words = rows.map((row) => row.words).sort((a, b) => a - b);
const middle = Math.floor(words.length / 2);
const median = words.length % 2 ? words[middle] : ((words[middle - 1] ?? 0) + (words[middle] ?? 0)) / 2;
const mostShared = rows.reduce((max, row) => (row.share > max.share ? row : max), rows[0] ?? { slug: '-', share: 0 });
console.log(
  `\n${rows.length} programmes; words (body + job): min ${words[0]}, median ${median}, max ${words.at(-1)}; ` +
    `largest share of sentences found in another programme: ${percent(mostShared.share)}${mostShared.share ? ` (${mostShared.slug})` : ''}.`,
);

const problems = [
  ...rows.filter((row) => row.words < minWords).map((row) => `${row.slug}: ${row.words} words, under ${minWords}`),
  ...rows
    .filter((row) => row.share > maxShare)
    .map((row) => `${row.slug}: ${percent(row.share)} of its sentences found elsewhere`),
];
if (problems.length) {
  console.error(`\nContent report failed:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log(`Every programme has at least ${minWords} words and at most ${percent(maxShare)} of shared sentences.`);
}
