import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scaled } from '@cfp/test-support/time-scale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkContent, englishSitePaths } from '../src/check.ts';
import { frenchTextPaths, readEnglishCatalogue, readEnglishTwin } from '../src/english.ts';
import { formatReport, summarizeReport } from '../src/format-report.ts';
import { splitFrontMatter } from '../src/read.ts';
import { englishTwinPaths, stampTranslations } from '../src/stamp.ts';
import { englishPathOf, translatableTexts, twinKindOf } from '../src/translations.ts';

const repositoryContent = path.resolve(import.meta.dirname, '../../../content');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const scratch = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'cfp-content-en-'));
  folders.push(folder);
  return folder;
};

/** A French link as the English text says it: /formations is /en/programmes, /formation/soudure /en/programmes/soudure. */
const englishLinks = (text: string) =>
  text.replace(/\]\((\/[^)\s]*)\)/g, (_, target: string) => {
    const english =
      englishSitePaths[target] ??
      target.replace(/^\/formation\//, '/en/programmes/').replace(/^\/departement\//, '/en/departments/');
    return `](${english})`;
  });

/** A stand-in for a translation: the French texts themselves, with an English slug (the French one) and English links. */
function twinOf(frenchPath: string, text: string): string {
  const kind = twinKindOf(frenchPath);
  if (!kind) throw new Error(frenchPath);
  if (kind === 'faq') return englishLinks(text);
  const parsed = splitFrontMatter(text);
  if (!parsed) throw new Error(frenchPath);
  const slug = path.basename(frenchPath, '.md');
  const texts = kind === 'page' ? parsed.data : { slug, ...(translatableTexts(kind, parsed.data) as object) };
  const yaml = stringify(texts, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 });
  return englishLinks(`---\n${yaml}---\n${parsed.body}`);
}

let complete: string;
beforeAll(() => {
  complete = scratch();
  cpSync(repositoryContent, complete, { recursive: true });
  rmSync(path.join(complete, 'en'), { recursive: true, force: true });
  mkdirSync(path.join(complete, 'en'));
  cpSync(path.join(repositoryContent, 'en/centre.yaml'), path.join(complete, 'en/centre.yaml'));
  for (const frenchPath of frenchTextPaths(complete)) {
    const english = path.join(complete, englishPathOf(frenchPath));
    mkdirSync(path.dirname(english), { recursive: true });
    writeFileSync(english, twinOf(frenchPath, readFileSync(path.join(complete, frenchPath), 'utf8')));
  }
  const stamps = stampTranslations(complete, englishTwinPaths(complete));
  expect(stamps.filter((stamp) => stamp.outcome !== 'stamped')).toEqual([]);
});

/** A copy of a content folder whose every English text is current, with the changes given (path from the folder: text → text). */
function contentWith(changes: Record<string, (source: string) => string> = {}): string {
  const copy = scratch();
  cpSync(complete, copy, { recursive: true });
  for (const [file, change] of Object.entries(changes)) {
    writeFileSync(path.join(copy, file), change(readFileSync(path.join(copy, file), 'utf8')));
  }
  return copy;
}

const problemsOf = (dir: string, file: string, options = {}) =>
  checkContent(dir, options).problems.filter((problem) => problem.file === `content/${file}`);

const soudure = 'en/formations/soudure.md';
/** A French sentence of soudure.md: its summary. */
const changeSummary = (source: string) => source.replace(/^summary: "/m, 'summary: "Nouveau : ');

describe('the English texts beside the French ones', () => {
  it('a complete folder whose every text is current: no error, nothing to translate', () => {
    const report = checkContent(complete);
    // The English centre file's details still to give are the centre's to give, not translations.
    const texts = report.problems.filter((problem) => problem.file.startsWith('content/en/') && problem.kind !== 'missing');
    expect(texts).toEqual([]);
    expect(report.blocking).toBe(false);
  });

  it('a French text without its English twin is an error naming the file, and so is an English file with no French one', () => {
    const dir = contentWith();
    rmSync(path.join(dir, soudure));
    writeFileSync(path.join(dir, 'en/formations/welding.md'), readFileSync(path.join(complete, soudure)));
    writeFileSync(path.join(dir, 'en/contact.yaml'), 'name: "Training centre"\n');
    const errors = checkContent(dir).problems.filter((problem) => problem.kind === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        file: 'content/en/formations/soudure.md',
        message: expect.stringMatching(/^texte anglais manquant\s: traduisez content\/formations\/soudure\.md/),
      }),
      expect.objectContaining({
        file: 'content/en/contact.yaml',
        message: expect.stringMatching(/^seuls les formations, les départements, les pages, la FAQ et centre\.yaml/),
      }),
      expect.objectContaining({
        file: 'content/en/formations/welding.md',
        message: expect.stringMatching(/^aucun texte français content\/formations\/welding\.md/),
      }),
    ]);
  });

  it('an English text that copies a fact is refused, in plain French', () => {
    const dir = contentWith({
      [soudure]: (source) => source.replace(/^title: /m, 'durationMonths: 9\ntitle: '),
      'en/departements/automobile.md': (source) => source.replace(/^( {4}description: .*)$/m, '$1\n    image: "careers/x"'),
    });
    expect(problemsOf(dir, soudure)).toEqual([
      expect.objectContaining({
        kind: 'error',
        field: 'durationMonths',
        message: expect.stringMatching(
          /^«\sdurationMonths\s» est un fait\s: il s’écrit une seule fois, dans content\/formations\/soudure\.md/,
        ),
      }),
    ]);
    expect(problemsOf(dir, 'en/departements/automobile.md')).toEqual([
      expect.objectContaining({ kind: 'error', field: 'careers[0].image', message: expect.stringContaining('est un fait') }),
    ]);
  });

  it('a list of another length than the French one is refused', () => {
    const dir = contentWith({ [soudure]: (source) => source.replace(/^ {2}- .*\n(?=outlets:)/m, '') });
    const report = checkContent(dir);
    expect(report.problems.filter((problem) => problem.file === `content/${soudure}`)).toEqual([
      expect.objectContaining({
        kind: 'error',
        field: 'skills',
        message: expect.stringMatching(/^8 éléments, le texte français en a 9\s: un texte anglais suit son texte français/),
      }),
    ]);
    expect(report.blocking).toBe(true);
  });

  it('a changed French sentence makes the English outdated: a checklist item, which strict mode refuses', () => {
    const dir = contentWith({ 'formations/soudure.md': changeSummary });
    const report = checkContent(dir);
    const outdated = report.problems.filter((problem) => problem.file === `content/${soudure}`);
    expect(outdated).toEqual([
      expect.objectContaining({
        kind: 'untranslated',
        field: 'translationOf',
        message: expect.stringMatching(
          /^texte anglais à mettre à jour\s: le texte français a changé depuis sa traduction\s: summary\s;/,
        ),
      }),
    ]);
    expect(outdated.map((problem) => problem.kind)).toEqual(['untranslated']);
    expect(report.blocking).toBe(false);
    expect(summarizeReport(report)).toContain('Textes anglais à traduire ou mettre à jour\u00a0: 1 obligatoire');

    const strict = checkContent(dir, { strict: true });
    expect(strict.blocking).toBe(true);
    expect(formatReport(strict)).toMatch(/Mise en ligne refusée \(mode strict\)\s: .* et mettez à jour les textes anglais\.$/);
  });

  it('a French list grown since the translation is to update, not an error: the French site keeps publishing', () => {
    const dir = contentWith({
      'formations/soudure.md': (source) => source.replace(/^outlets:$/m, '  - "Une compétence de plus"\noutlets:'),
    });
    expect(problemsOf(dir, soudure)).toEqual([
      expect.objectContaining({
        kind: 'untranslated',
        message: expect.stringContaining(
          'a changé depuis sa traduction\u00a0: skills (skills\u00a0: 9 éléments, le texte français en a 10)',
        ),
      }),
    ]);
  });

  it('a changed fee, intake, duration or confirmation leaves the English current', () => {
    const dir = contentWith({
      'formations/soudure.md': (source) =>
        source
          .replace('durationMonths: 9', 'durationMonths: 10')
          .replace('confirmed: false', 'confirmed: true\nfees:\n  registration: 25000\nintakes: ["2099-01-11"]'),
    });
    expect(problemsOf(dir, soudure)).toEqual([]);
    expect(problemsOf(dir, 'formations/soudure.md')).toEqual([]);
  });

  it('French enrolment documents not yet in English are an optional point, once the English says the rest', () => {
    const dir = contentWith({
      'formations/soudure.md': (source) =>
        source.replace('confirmed: false', 'confirmed: false\nenrolmentDocuments: ["Copie de l’acte de naissance"]'),
    });
    stampTranslations(dir, [soudure]);
    expect(problemsOf(dir, soudure)).toEqual([
      expect.objectContaining({ kind: 'missing', field: 'enrolmentDocuments', optional: true }),
    ]);
    expect(checkContent(dir).blocking).toBe(false);
  });

  it('an unstamped English text is to translate: a checklist item', () => {
    const dir = contentWith({ [soudure]: (source) => source.replace(/^translationOf: .*\n/m, '') });
    expect(problemsOf(dir, soudure)).toEqual([
      expect.objectContaining({ kind: 'untranslated', message: expect.stringMatching(/translationOf manquant/) }),
    ]);
  });
});

describe('pnpm content:translated', () => {
  it('stamps a section whose French changed only once its English has changed, changing only its translationOf line', () => {
    const dir = contentWith({ 'formations/soudure.md': changeSummary });
    const untouched = readFileSync(path.join(dir, soudure), 'utf8');
    expect(stampTranslations(dir, [soudure])).toEqual([
      expect.objectContaining({ outcome: 'unchanged', untranslated: ['summary'] }),
    ]);
    expect(readFileSync(path.join(dir, soudure), 'utf8')).toBe(untouched);

    const translated = untouched.replace(/^summary: .*$/m, 'summary: "Learn welding, the main processes."');
    writeFileSync(path.join(dir, soudure), translated);
    const [stamp] = stampTranslations(dir, [soudure]);
    expect(stamp).toMatchObject({ file: `content/${soudure}`, outcome: 'stamped', untranslated: [] });
    const after = readFileSync(path.join(dir, soudure), 'utf8');
    const changed = after.split('\n').filter((line, index) => line !== translated.split('\n')[index]);
    expect(changed).toEqual([expect.stringMatching(/^translationOf: ".*summary:[0-9a-f]{6}\/[0-9a-f]{6} /)]);
    expect(problemsOf(dir, soudure)).toEqual([]);
    expect(stampTranslations(dir, [soudure])).toEqual([expect.objectContaining({ outcome: 'already' })]);
  });

  it('with --as-is, stamps an untouched English the translator says already says what the French says', () => {
    const dir = contentWith({ 'formations/soudure.md': changeSummary });
    expect(stampTranslations(dir, [soudure], { asIs: true })).toEqual([expect.objectContaining({ outcome: 'stamped' })]);
    expect(problemsOf(dir, soudure)).toEqual([]);
  });

  it(
    'stamps the FAQ with a comment line, and prints what it stamped',
    () => {
      const dir = contentWith({
        'faq.yaml': (source) => source.replace(/^- question: "/m, '- question: "Alors, '),
        'en/faq.yaml': (source) => source.replace(/^# translationOf: .*\n/m, ''),
      });
      const before = readFileSync(path.join(dir, 'en/faq.yaml'), 'utf8');
      const cli = path.resolve(import.meta.dirname, '../src/translated-cli.ts');
      const output = execFileSync(process.execPath, [cli, `--content=${dir}`, path.join(dir, 'en/faq.yaml')], {
        encoding: 'utf8',
      });
      const after = readFileSync(path.join(dir, 'en/faq.yaml'), 'utf8');
      expect(output).toMatch(/^marqué à jour\s: content\/en\/faq\.yaml$/m);
      expect(after).toMatch(/^# translationOf: 1:[0-9a-f]{6}\/[0-9a-f]{6} .+\n/);
      expect(after.slice(after.indexOf('\n') + 1)).toBe(before);
      expect(problemsOf(dir, 'en/faq.yaml')).toEqual([]);
      // A bound for a process started on a busy machine (the command runs as editors run it), not a timing.
    },
    scaled(30_000),
  );

  it('leaves alone an English text the check refuses, and says why', () => {
    const dir = contentWith({
      'formations/soudure.md': changeSummary,
      [soudure]: (source) => source.replace(/^ {2}- .*\n(?=outlets:)/m, ''),
    });
    const before = readFileSync(path.join(dir, soudure), 'utf8');
    expect(stampTranslations(dir, [soudure], { asIs: true })).toEqual([
      expect.objectContaining({ outcome: 'refused', problems: [expect.objectContaining({ field: 'skills' })] }),
    ]);
    expect(readFileSync(path.join(dir, soudure), 'utf8')).toBe(before);
  });
});

describe('English texts checked like the French ones', () => {
  it('refuses the English words that promise a missing detail, and a link to a French page', () => {
    const dir = contentWith({
      [soudure]: (source) =>
        `${source}\nCall us, or write to us on WhatsApp. See [the programmes](/formations) and [welding](/formation/soudure).\n`,
    });
    expect(problemsOf(dir, soudure).map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^lien vers «\s\/formations\s», une page française\s: .* ici \/en\/programmes\.$/),
      expect.stringMatching(/^lien vers «\s\/formation\/soudure\s», une page française\s: .* ici \/en\/programmes\/soudure\.$/),
      expect.stringMatching(/^«\sCall us\s» promet un numéro de téléphone.*:appeler/),
      expect.stringMatching(/^«\sCall us, or write to us on WhatsApp\s» promet le numéro WhatsApp.*:nous-joindre/),
    ]);
  });

  it('lets an English text link to the English pages and to a post, and speak of WhatsApp as a trade does', () => {
    const dir = contentWith({
      [soudure]: (source) =>
        `${source}\nShops sell through WhatsApp. See [cars](/en/departments/automobile), [us](/en/about), [the news](/en/blog) and [a post](/blog/rentree).\n`,
    });
    expect(problemsOf(dir, soudure)).toEqual([]);
  });

  it('refuses a link to an English post: posts are in French, at /blog/{slug}', () => {
    const dir = contentWith({ [soudure]: (source) => `${source}\nSee [the intake](/en/blog/rentree).\n` });
    expect(problemsOf(dir, soudure).map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^lien vers «\s\/en\/blog\/rentree\s», une page qui n’existe pas sur le site\.$/),
    ]);
  });

  it('refuses a directive where the pages print the text as it is, raw HTML, and an English address used twice', () => {
    const dir = contentWith({
      [soudure]: (source) => `${source.replace(/^summary: "/m, 'summary: ":appeler, ')}\n<div>Welding</div>\n`,
      'en/formations/chaudronnerie.md': (source) => source.replace(/^slug: .*$/m, 'slug: soudure'),
    });
    expect(problemsOf(dir, soudure)).toEqual([
      expect.objectContaining({
        field: 'slug',
        message: expect.stringMatching(/^même adresse anglaise «\ssoudure\s» que content\/en\/formations\/chaudronnerie\.md/),
      }),
      expect.objectContaining({ field: 'summary', message: expect.stringContaining('n’est pas remplacée dans ce champ') }),
      expect.objectContaining({ field: 'body', message: expect.stringMatching(/^du HTML à la ligne \d+ \(«\s<div>/) }),
    ]);
  });
});

describe('the English texts as the site reads them', () => {
  it('gives a French text’s English twin, current or not, and the English catalogue by French slug', () => {
    expect(readEnglishTwin(complete, 'programme', 'soudure')).toMatchObject({
      file: `content/${soudure}`,
      data: { slug: 'soudure', title: 'Soudure' },
      current: true,
    });
    expect(readEnglishTwin(complete, 'faq')?.data).toHaveLength(14);
    const outdated = contentWith({ 'formations/soudure.md': changeSummary });
    expect(readEnglishTwin(outdated, 'programme', 'soudure')?.current).toBe(false);
    const catalogue = readEnglishCatalogue(complete);
    expect(catalogue.programmes.size).toBe(39);
    expect(catalogue.departements.get('automobile')?.data.careers[0]).not.toHaveProperty('image');
  });
});
