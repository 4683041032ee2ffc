import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillContent } from './filled-content.ts';

const repositoryContent = fileURLToPath(new URL('../../../content', import.meta.url));
/** `pnpm content:translated`, run as a process by its file name: test-support does not depend on @cfp/content. */
const stampCommand = fileURLToPath(new URL('../../content/src/translated-cli.ts', import.meta.url));

/**
 * The departments the fixture keeps, by slug: Industriel et technique (Soudure's, the page of
 * site/budgets.json) and Informatique et numérique (Maintenance informatique's).
 */
export const fixtureDepartements = ['industriel-technique', 'informatique-digital'];

/**
 * The programmes it keeps, by slug, each in one of those departments: the pages of
 * site/budgets.json (soudure, maintenance-informatique) and the ones the browser tests name
 * there: froid-climatisation (the contact form), electricite-batiment and electricite-industrielle
 * (the finder), marketing-digital-communication (its former address redirected, the sitemap).
 */
export const fixtureProgrammes = [
  'soudure',
  'electricite-batiment',
  'electricite-industrielle',
  'froid-climatisation',
  'maintenance-informatique',
  'marketing-digital-communication',
];

/** Each folder of texts the fixture reduces, with what it keeps and the address of a page of each language. */
const reduced = [
  { folder: 'formations', kept: fixtureProgrammes, french: '/formation/', english: '/en/programmes/' },
  { folder: 'departements', kept: fixtureDepartements, french: '/departement/', english: '/en/departments/' },
];

/** The French texts that have an English twin at en/<same path>, and may hold links. */
const twinnedText = /^((formations|departements|pages)\/[^/]+\.md|faq\.yaml)$/;
/** A markdown link to a page of the site, as the content check reads them. */
const markdownLink = /\[([^\]]*)\]\((\/[^)\s]*)\)/g;

const markdownFiles = (directory: string) => readdirSync(directory).filter((name) => name.endsWith('.md'));
const englishSlug = (text: string) => /^slug:\s*["']?([^"'\s]+)["']?\s*$/m.exec(text)?.[1];

/**
 * Stamps English texts (`translationOf`) with their French twin's texts as they are now, every
 * section (`--as-is`: what the fixture removes, it removes in both languages); one the check
 * refuses is left as it is.
 */
function stampTranslations(directory: string, files: string[]): void {
  if (files.length === 0) return;
  const args = [stampCommand, `--content=${directory}`, '--as-is', ...files.map((file) => path.join(directory, file))];
  spawnSync(process.execPath, args, { stdio: 'ignore' });
}

/**
 * A copy of content/ reduced to two departments and six programmes in both languages
 * (`fixtureDepartements`, `fixtureProgrammes`), with the FAQ, the pages and the centre's details
 * as they are: an Astro build of it writes 52 pages instead of 130, for about three quarters of
 * the CPU (the rest is Astro's and Vite's own work), and it passes the content check as the whole
 * content does. Made from content/ at each call, so that it
 * follows the content as it changes (`reducedContent`). Written into `directory` (a new
 * temporary one unless given: the caller removes it).
 */
export function fixtureContent(directory = mkdtempSync(path.join(tmpdir(), 'cfp-fixture-content-'))): string {
  return reducedContent(repositoryContent, directory);
}

/**
 * What `fixtureContent` writes, from any content folder (`source`; its own test gives one with
 * links to the pages removed): the other programmes and departments are removed with their
 * English twins, and a link to one of their pages (`[texte](/formation/…)`) is left as its text.
 * An English text current with its French twin before such a change is stamped current again.
 */
export function reducedContent(source: string, directory: string): string {
  cpSync(source, directory, { recursive: true });
  const read = (file: string) => readFileSync(path.join(directory, file), 'utf8');

  const dropped: string[] = [];
  const droppedPages = new Set<string>();
  for (const { folder, kept, french, english } of reduced) {
    for (const name of markdownFiles(path.join(directory, folder)).filter((name) => !kept.includes(path.basename(name, '.md')))) {
      dropped.push(`${folder}/${name}`);
      droppedPages.add(`${french}${path.basename(name, '.md')}`);
    }
    const englishFolder = path.join(directory, 'en', folder);
    for (const name of existsSync(englishFolder) ? markdownFiles(englishFolder) : []) {
      if (kept.includes(path.basename(name, '.md'))) continue;
      dropped.push(`en/${folder}/${name}`);
      const slug = englishSlug(read(`en/${folder}/${name}`));
      if (slug) droppedPages.add(`${english}${slug}`);
    }
  }

  // The texts kept that link to a page removed, the link left as its text.
  const unlinked = new Map<string, string>();
  const texts = readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.(md|ya?ml)$/.test(file) && !dropped.includes(file));
  for (const file of texts) {
    const text = read(file);
    const changed = text.replace(markdownLink, (link, label: string, target: string) => {
      const page = target.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
      return droppedPages.has(page) ? label : link;
    });
    if (changed !== text) unlinked.set(file, changed);
  }

  // Which English twins of the French texts changed were current: those that stamping leaves as they are.
  const twins = [...unlinked.keys()]
    .filter((file) => twinnedText.test(file))
    .map((file) => `en/${file}`)
    .filter((file) => existsSync(path.join(directory, file)));
  const before = new Map(twins.map((file) => [file, read(file)]));
  stampTranslations(directory, twins);
  const current = twins.filter((file) => read(file) === before.get(file));
  for (const [file, text] of before) writeFileSync(path.join(directory, file), text);

  for (const file of dropped) rmSync(path.join(directory, file));
  for (const [file, text] of unlinked) writeFileSync(path.join(directory, file), text);
  stampTranslations(directory, current);
  return directory;
}

/** The fixture filled in as the centre will have filled it in (`fillContent` of filled-content). */
export function filledFixtureContent(directory?: string): string {
  return fillContent(fixtureContent(directory));
}
