import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { checkContent } from '../src/check.ts';
import { formatReport } from '../src/format-report.ts';

const repositoryContent = path.resolve(import.meta.dirname, '../../../content');
const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/** A scratch copy of content/ with `change` applied to one file. */
function contentWith(file: string, change: (source: string) => string): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'cfp-content-check-'));
  copies.push(copy);
  cpSync(repositoryContent, copy, { recursive: true });
  const target = path.join(copy, file);
  writeFileSync(target, change(readFileSync(target, 'utf8')));
  return copy;
}

describe('the launch checklist of the content as it is today', () => {
  const report = checkContent(repositoryContent);

  it('has no error: the site builds', () => {
    expect(report.problems.filter((problem) => problem.kind === 'error')).toEqual([]);
    expect(report.blocking).toBe(false);
  });

  it('lists every detail the centre has not given, with its file and field', () => {
    const missing = report.problems.filter((problem) => problem.kind === 'missing');
    const placeholders = ['centre.yaml', 'en/centre.yaml'].flatMap(
      (file) => readFileSync(path.join(repositoryContent, file), 'utf8').match(/^\s*(-\s+)?\w+: "\[À COMPLÉTER: /gm) ?? [],
    );
    expect(missing).toHaveLength(placeholders.length);
    expect(missing).toContainEqual(expect.objectContaining({ file: 'content/en/centre.yaml', field: 'callbackDelay' }));
    expect(missing).toContainEqual(expect.objectContaining({ file: 'content/centre.yaml', field: 'phones[0].number' }));
    expect(missing).toContainEqual(expect.objectContaining({ field: 'approval.number' }));
    expect(missing.find((problem) => problem.field === 'social.tiktok')).toMatchObject({ optional: true });
  });

  it('lists the programmes whose facts the centre has not confirmed, and only those', () => {
    const unconfirmed = report.problems.filter((problem) => problem.kind === 'unconfirmed').map((problem) => problem.file);
    expect(unconfirmed).toHaveLength(38);
    expect(unconfirmed).not.toContain('content/formations/maintenance-informatique.md');
  });

  it('blocks the launch in strict mode while required details are missing', () => {
    const strict = checkContent(repositoryContent, { strict: true });
    expect(strict.blocking).toBe(true);
    expect(formatReport(strict)).toContain('Mise en ligne refusée (mode strict');
  });
});

describe('content errors, named by file and field in French', () => {
  it('a value that breaks the schema', () => {
    const dir = contentWith('formations/soudure.md', (source) => source.replace('durationMonths: 9', 'durationMonths: 90'));
    expect(checkContent(dir).problems).toContainEqual(
      expect.objectContaining({
        kind: 'error',
        file: 'content/formations/soudure.md',
        field: 'durationMonths',
        message: expect.stringMatching(/trop grand/i),
      }),
    );
  });

  it('a duration written a second time in words, once and plainly', () => {
    const dir = contentWith('formations/soudure.md', (source) =>
      source.replace('durationMonths: 9\n', 'durationMonths: 9\nduration: "18 mois"\n'),
    );
    const problems = checkContent(dir).problems.filter((problem) => problem.file === 'content/formations/soudure.md');
    expect(problems.filter((problem) => problem.kind === 'error')).toEqual([
      expect.objectContaining({
        field: 'duration',
        message: expect.stringMatching(/une seule fois, en mois, dans durationMonths/),
      }),
    ]);
  });

  it('a stray quote, said in French with its line and no parser jargon', () => {
    const dir = contentWith('formations/soudure.md', (source) =>
      source.replace('title: "Soudure"', 'title: "Soudure "à l’arc""'),
    );
    const [problem] = checkContent(dir).problems.filter((entry) => entry.file === 'content/formations/soudure.md');
    expect(problem).toMatchObject({ kind: 'error', field: '' });
    expect(problem?.message).toMatch(/^le fichier ne se lit pas à la ligne 2\u00a0: vérifiez que chaque texte entre guillemets/);
    expect(problem?.message).not.toMatch(/scalar|node|column|Unexpected/i);
  });

  it('an unknown department, and a link to a page that does not exist', () => {
    const dir = contentWith('formations/soudure.md', (source) =>
      source
        .replace('department: industriel-technique', 'department: industrie')
        .replace(/\n---\n/, '\n---\nVoir [la page](/formation/soudage-sous-marin).\n'),
    );
    const problems = checkContent(dir).problems;
    expect(problems).toContainEqual(expect.objectContaining({ file: 'content/formations/soudure.md', field: 'department' }));
    expect(problems).toContainEqual(
      expect.objectContaining({ field: 'body', message: expect.stringContaining('/formation/soudage-sous-marin') }),
    );
  });

  it('a sentence that promises a phone number the centre has not given, and an unknown directive', () => {
    const dir = contentWith(
      'faq.yaml',
      (source) => `${source}\n- question: "Comment vous joindre ?"\n  answer: "Appelez-nous, ou :telephoner."\n`,
    );
    const added = `[${(parseYaml(readFileSync(path.join(repositoryContent, 'faq.yaml'), 'utf8')) as unknown[]).length}].answer`;
    const problems = checkContent(dir).problems.filter((problem) => problem.field === added);
    expect(problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^«\s:telephoner\s» n’est pas une directive connue/),
      expect.stringMatching(/^«\sAppelez-nous\s» promet un numéro de téléphone.*:appeler/),
    ]);
  });

  it('the FAQ page’s closing sentence that promises the phone and WhatsApp, until the centre gives them', () => {
    const promise = 'Notre équipe vous répond par téléphone, sur WhatsApp ou par e-mail.';
    const withPromise = (source: string) => source.replace(/^( {2}text: ).*$/m, `$1"${promise}"`);
    const closingProblems = (dir: string) =>
      checkContent(dir).problems.filter((problem) => problem.file === 'content/pages/faq.md' && problem.field === 'closing.text');

    const today = contentWith('pages/faq.md', withPromise);
    expect(closingProblems(today).map((problem) => problem.message)).toEqual([
      expect.stringMatching(/promet un numéro de téléphone.*\(phones\).: écrivez plutôt :appeler/),
      expect.stringMatching(/promet le numéro WhatsApp.*:nous-joindre/),
      expect.stringMatching(/promet l’adresse e-mail.*:nous-joindre/),
    ]);

    const filled = contentWith('centre.yaml', (source) =>
      source
        .replace(/(number: )"\[À COMPLÉTER: numéro de l’accueil[^"]*"/, '$1"+237699123400"')
        .replace(/(display: )"\[À COMPLÉTER: numéro de l’accueil[^"]*"/, '$1"6 99 12 34 00"')
        .replace(/(number: )"\[À COMPLÉTER: numéro WhatsApp[^"]*"/, '$1"+237677000001"')
        .replace(/(display: )"\[À COMPLÉTER: numéro WhatsApp[^"]*"/, '$1"6 77 00 00 01"')
        .replace(/^email: .*$/m, 'email: "contact@centre-nkoabang.cm"'),
    );
    const faqPage = readFileSync(path.join(filled, 'pages/faq.md'), 'utf8');
    writeFileSync(path.join(filled, 'pages/faq.md'), withPromise(faqPage));
    expect(closingProblems(filled)).toEqual([]);
  });

  it('numbers list items from 1 where people read them: the first FAQ question is question 1', () => {
    const dir = contentWith('faq.yaml', (source) => source.replace(/^- question: ".*"$/m, '- question: ""'));
    const report = checkContent(dir);
    expect(report.problems).toContainEqual(expect.objectContaining({ file: 'content/faq.yaml', field: '[0].question' }));
    expect(formatReport(report)).toMatch(/content\/faq\.yaml › question n°\u00a01 › question\s: valeur refusée/);
  });

  it('raw HTML in a markdown body, such as a meta refresh, named by its line', () => {
    const dir = contentWith('pages/a-propos.md', (source) =>
      source.replace(/\n---\n/, '\n---\n<meta http-equiv="refresh" content="3; url=https://example.com">\n'),
    );
    const line =
      readFileSync(path.join(dir, 'pages/a-propos.md'), 'utf8')
        .split('\n')
        .indexOf('<meta http-equiv="refresh" content="3; url=https://example.com">') + 1;
    const report = checkContent(dir);
    expect(report.blocking).toBe(true);
    expect(report.problems).toContainEqual(
      expect.objectContaining({
        kind: 'error',
        file: 'content/pages/a-propos.md',
        field: 'body',
        message: expect.stringContaining(`du HTML à la ligne ${line} (« <meta http-equiv="refresh"`),
      }),
    );
  });

  it('a symbolic link, refused and never read: a linked programme file is not checked as one', () => {
    const dir = contentWith('centre.yaml', (source) => source);
    const outside = mkdtempSync(path.join(tmpdir(), 'cfp-outside-'));
    copies.push(outside);
    writeFileSync(path.join(outside, 'notes.md'), '---\ntitle: 12\n---\n');
    symlinkSync(path.join(outside, 'notes.md'), path.join(dir, 'formations', 'notes.md'));
    symlinkSync('/', path.join(dir, 'racine'));
    const problems = checkContent(dir).problems;
    expect(problems.filter((problem) => problem.message.startsWith('lien symbolique')).map((problem) => problem.file)).toEqual([
      'content/formations/notes.md',
      'content/racine',
    ]);
    expect(problems.filter((problem) => problem.file === 'content/formations/notes.md')).toHaveLength(1);
  });

  it('a directive inside a link’s address, which no page writes', () => {
    const dir = contentWith('faq.yaml', (source) => source.replace(/^( {2}answer: ")/m, '$1Voir [le plan](/blog/(:adresse). '));
    expect(checkContent(dir).problems).toContainEqual(
      expect.objectContaining({
        file: 'content/faq.yaml',
        message: expect.stringContaining('la directive « :adresse » est écrite dans l’adresse d’un lien'),
      }),
    );
  });

  it('a directive written after a verb, where its imperative reads wrong (« Vous pouvez aussi écrivez-nous »)', () => {
    const dir = contentWith('faq.yaml', (source) => source.replace(/^( {2}answer: ")/m, '$1Vous pouvez aussi :nous-joindre. '));
    expect(checkContent(dir).problems).toContainEqual(
      expect.objectContaining({
        file: 'content/faq.yaml',
        message: expect.stringContaining('« pouvez aussi :nous-joindre » : la directive « :nous-joindre » s’écrit à l’impératif'),
      }),
    );
  });

  it('a directive in a field the pages print as it is', () => {
    const dir = contentWith('formations/soudure.md', (source) => source.replace(/^summary: "/m, 'summary: ":appeler, '));
    expect(checkContent(dir).problems).toContainEqual(
      expect.objectContaining({ field: 'summary', message: expect.stringContaining('n’est pas remplacée dans ce champ') }),
    );
  });
});
