import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitFrontMatter, withRenewedStamp } from '@cfp/content';
import { checkContent } from '@cfp/content/check';
import {
  filledFixtureContent,
  fixtureContent,
  fixtureDepartements,
  fixtureProgrammes,
  reducedContent,
} from '@cfp/test-support/content-fixture';
import { scaled } from '@cfp/test-support/time-scale';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The small content the test products build (`@cfp/test-support/content-fixture`), made from
 * content/ at each run: it must keep passing the content check as content/ does, and hold the
 * pages the browser tests visit. No build here: a broken fixture fails in a second.
 */

const repositoryContent = fileURLToPath(new URL('../../content', import.meta.url));
const budgets = JSON.parse(readFileSync(new URL('../../site/budgets.json', import.meta.url), 'utf8')) as {
  pages: Record<string, string>;
};

const scratch: string[] = [];
const temporary = () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'cfp-fixture-test-'));
  scratch.push(directory);
  return directory;
};
afterAll(() => {
  for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** One clock for every check, so that an intake's date is judged alike. */
const now = new Date();
const problemsOf = (contentDir: string) => checkContent(contentDir, { now });
/** A problem as the checklist lists it, minus the kind. */
const line = ({ file, field, message }: { file: string; field: string; message: string }) => `${file} › ${field} : ${message}`;

const slugs = (directory: string) =>
  readdirSync(directory)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.basename(name, '.md'))
    .toSorted();
const frontMatter = (file: string) => splitFrontMatter(readFileSync(file, 'utf8'))?.data as Record<string, unknown>;
const englishSlugs = (directory: string) => slugs(directory).map((slug) => frontMatter(path.join(directory, `${slug}.md`)).slug);

describe('the content fixture', () => {
  const fixture = fixtureContent(temporary());

  it('passes the content check as content/ does: no error, the same checklist for what it keeps', () => {
    const report = problemsOf(fixture);
    const whole = problemsOf(repositoryContent);
    expect(report.blocking).toBe(false);
    expect(report.problems.filter((problem) => problem.kind === 'error').map(line)).toEqual([]);
    const inFixture = (file: string) => existsSync(path.join(fixture, file.slice('content/'.length)));
    for (const kind of ['missing', 'unconfirmed', 'untranslated'] as const) {
      const expected = whole.problems.filter((problem) => problem.kind === kind && inFixture(problem.file)).map(line);
      expect(report.problems.filter((problem) => problem.kind === kind).map(line), kind).toEqual(expected);
    }
  });

  it('holds two departments and the programmes kept, in both languages, each programme in a department kept', () => {
    expect(fixtureDepartements).toHaveLength(2);
    for (const language of ['', 'en']) {
      expect(slugs(path.join(fixture, language, 'departements')), language).toEqual(fixtureDepartements.toSorted());
      expect(slugs(path.join(fixture, language, 'formations')), language).toEqual(fixtureProgrammes.toSorted());
    }
    for (const slug of fixtureProgrammes)
      expect(fixtureDepartements, slug).toContain(frontMatter(path.join(fixture, 'formations', `${slug}.md`)).department);
    for (const file of ['faq.yaml', 'centre.yaml', 'en/faq.yaml', 'en/centre.yaml', 'pages/accueil.md', 'en/pages/accueil.md'])
      expect(readFileSync(path.join(fixture, file), 'utf8'), file).toBe(readFileSync(path.join(repositoryContent, file), 'utf8'));
  });

  it('holds every programme and department page of site/budgets.json, in French and in English', () => {
    const pages: Record<string, () => unknown[]> = {
      '/formation/': () => slugs(path.join(fixture, 'formations')),
      '/departement/': () => slugs(path.join(fixture, 'departements')),
      '/en/programmes/': () => englishSlugs(path.join(fixture, 'en', 'formations')),
      '/en/departments/': () => englishSlugs(path.join(fixture, 'en', 'departements')),
    };
    const checked = Object.entries(pages).map(([prefix, held]) => {
      const named = Object.values(budgets.pages)
        .filter((page) => page.startsWith(prefix))
        .map((page) => page.slice(prefix.length));
      expect(held(), prefix).toEqual(expect.arrayContaining(named));
      return named.length;
    });
    expect(checked.every((count) => count > 0)).toBe(true);
  });

  it('filled in, has Soudure’s fees, intakes and documents in both languages, and still passes the check', () => {
    const filled = filledFixtureContent(temporary());
    expect(frontMatter(path.join(filled, 'formations/soudure.md'))).toMatchObject({
      intakes: ['2099-01-11', '2099-10-04'],
      enrolmentDocuments: expect.arrayContaining(['Copie du dernier diplôme']),
      fees: { registration: 25000, tuition: 350000, instalments: 3 },
      scheduleHours: { jour: { days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'], from: '08:00', to: '12:00' } },
    });
    expect(frontMatter(path.join(filled, 'en/formations/soudure.md'))).toMatchObject({
      enrolmentDocuments: expect.arrayContaining(['A copy of your latest diploma']),
    });
    expect(readFileSync(path.join(filled, 'centre.yaml'), 'utf8')).toContain('+237699000001');
    const report = problemsOf(filled);
    expect(report.problems.filter((problem) => problem.kind === 'error').map(line)).toEqual([]);
    expect(report.blocking).toBe(false);
  });

  it(
    'leaves a link to a page it removes as its text; an English text current before stays current',
    () => {
      const source = temporary();
      cpSync(repositoryContent, source, { recursive: true });
      const automotive = frontMatter(path.join(source, 'en/departements/automobile.md')).slug;
      // Soudure links to a department removed in both languages, and is stamped current again.
      appendFileSync(
        path.join(source, 'formations/soudure.md'),
        '\nVoir aussi le [département Automobile](/departement/automobile).\n',
      );
      appendFileSync(
        path.join(source, 'en/formations/soudure.md'),
        `\nSee also the [Automotive department](/en/departments/${automotive}).\n`,
      );
      const english = path.join(source, 'en/formations/soudure.md');
      const frenchText = readFileSync(path.join(source, 'formations/soudure.md'), 'utf8');
      writeFileSync(english, withRenewedStamp('formations/soudure.md', frenchText, readFileSync(english, 'utf8'), 'all'));
      // The FAQ links to a programme removed; its English twin, not stamped since, is to update.
      const faq = path.join(source, 'faq.yaml');
      writeFileSync(
        faq,
        readFileSync(faq, 'utf8').replace('](/formations)', '](/formations), dont le [chinois](/formation/chinois)'),
      );
      expect(problemsOf(source).problems.map(({ kind, file }) => `${kind} ${file}`)).toContain(
        'untranslated content/en/faq.yaml',
      );

      // Two runs of pnpm content:translated, each a process that checks the whole folder: a longer timeout.
      const reduced = reducedContent(source, temporary());
      expect(readFileSync(path.join(reduced, 'formations/soudure.md'), 'utf8')).toContain(
        'Voir aussi le département Automobile.',
      );
      expect(readFileSync(path.join(reduced, 'en/formations/soudure.md'), 'utf8')).toContain(
        'See also the Automotive department.',
      );
      expect(readFileSync(path.join(reduced, 'faq.yaml'), 'utf8')).toContain('](/formations), dont le chinois pour');
      const report = problemsOf(reduced);
      expect(report.problems.filter((problem) => problem.kind === 'error').map(line)).toEqual([]);
      expect(report.problems.filter((problem) => problem.kind === 'untranslated').map(({ file }) => file)).toEqual([
        'content/en/faq.yaml',
      ]);
    },
    scaled(60_000),
  );
});
