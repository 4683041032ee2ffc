import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  centreDocument,
  editContent,
  englishCentreDocument,
  englishFaqDocument,
  englishProgrammeDocument,
  faqDocument,
  programmeDocument,
} from '../src/editing/index.ts';
import { outdatedSectionsOfTexts, translationStatusOf } from '../src/english.ts';
import { contentDir, read, today, written } from './edit-support.ts';

const stampOf = (text: string) => /^translationOf: "(.+)"$/m.exec(text)?.[1];
const stampPattern = /^[A-Za-z0-9]+:[0-9a-f]{6}\/[0-9a-f]{6}( [A-Za-z0-9]+:[0-9a-f]{6}\/[0-9a-f]{6})*$/;

describe('a programme’s English texts saved beside the French ones', () => {
  const french = programmeDocument('soudure');
  const english = englishProgrammeDocument('soudure');
  const frenchText = read(french.file);
  const englishText = read(english.file);
  const form = french.toForm(french.open(frenchText).data());
  const englishForm = english.toForm(english.open(englishText).data());
  /** The save of a form whose French and English were read as the files are in content/. */
  const save = (
    submitted: object,
    englishSubmitted: object | undefined,
    options: { upToDate?: boolean; currentText?: string; englishCurrent?: string; englishBase?: string } = {},
  ) =>
    editContent(french, {
      baseText: frenchText,
      currentText: options.currentText ?? frenchText,
      submitted,
      contentDir,
      today,
      english: {
        document: english,
        baseText: options.englishBase ?? englishText,
        currentText: options.englishCurrent ?? englishText,
        submitted: englishSubmitted,
        upToDate: options.upToDate ?? false,
      },
    });

  it('writes both files in one change, the English marked as translating the French as saved', async () => {
    const outcome = await save(
      { ...form, summary: 'Apprenez à souder l’acier et l’aluminium.' },
      { ...englishForm, summary: 'Learn to weld steel and aluminium.' },
    );
    expect(outcome).toMatchObject({
      kind: 'changed',
      fields: ['summary', 'english.summary'],
      message: 'Soudure: summary; English summary',
    });
    const frenchAfter = written(outcome, french.file);
    const englishAfter = written(outcome, english.file);
    expect(englishAfter).toContain('summary: "Learn to weld steel and aluminium."');
    expect(stampOf(englishAfter)).toMatch(stampPattern);
    expect(stampOf(englishAfter)).not.toBe(stampOf(englishText));
    expect(translationStatusOf(french.file, frenchAfter, englishAfter)).toBe('current');
  });

  it('marks up to date only the English sections the editor changed: another French change stays to translate', async () => {
    const outcome = await save(
      { ...form, summary: 'Apprenez à souder l’acier et l’aluminium.', job: `${form.job} Le métier recrute.` },
      { ...englishForm, summary: 'Learn to weld steel and aluminium.' },
    );
    const frenchAfter = written(outcome, french.file);
    const englishAfter = written(outcome, english.file);
    expect(translationStatusOf(french.file, frenchAfter, englishAfter)).toBe('outdated');
    expect(outdatedSectionsOfTexts(french.file, frenchAfter, englishAfter)).toEqual(['job']);
  });

  it('leaves the English as it was when only the French changed: it becomes older than the French', async () => {
    const outcome = await save({ ...form, summary: 'Apprenez à souder l’acier et l’aluminium.' }, englishForm);
    if (outcome.kind !== 'changed') throw new Error(outcome.kind);
    expect(outcome.files.map(({ file }) => file)).toEqual([french.file]);
    expect(outcome.message).toBe('Soudure: summary');
    expect(translationStatusOf(french.file, written(outcome, french.file), englishText)).toBe('outdated');
  });

  it('marks an English text older than the French up to date when the editor ticks that it says the same', async () => {
    const changed = await save({ ...form, job: `${form.job} Le métier recrute.` }, undefined);
    const frenchNow = written(changed, french.file);
    const outcome = await editContent(french, {
      baseText: frenchNow,
      currentText: frenchNow,
      submitted: french.toForm(french.open(frenchNow).data()),
      contentDir,
      today,
      english: { document: english, baseText: englishText, currentText: englishText, submitted: englishForm, upToDate: true },
    });
    expect(outcome).toMatchObject({
      kind: 'changed',
      fields: ['englishUpToDate'],
      message: 'Soudure: English marked up to date',
    });
    const englishAfter = written(outcome, english.file);
    expect(englishAfter.replace(/^translationOf: .*$/m, '')).toBe(englishText.replace(/^translationOf: .*$/m, ''));
    expect(translationStatusOf(french.file, frenchNow, englishAfter)).toBe('current');
  });

  it('makes no change when the box is ticked for an English text already up to date', async () => {
    expect(await save(form, englishForm, { upToDate: true })).toEqual({ kind: 'unchanged' });
  });

  it('refuses the tick when someone changed the French texts since the form was read', async () => {
    const theirs = written(await save({ ...form, job: `${form.job} Le métier recrute.` }, undefined), french.file);
    expect(await save(form, englishForm, { upToDate: true, currentText: theirs })).toEqual({
      kind: 'conflict',
      fields: ['englishUpToDate'],
    });
  });

  it('merges an English change made meanwhile to another field, and refuses one to the same English field', async () => {
    const theirs = written(
      await save(form, { ...englishForm, outlets: [...englishForm.outlets.slice(0, -1), 'Shipyards'] }),
      english.file,
    );
    const merged = await save(form, { ...englishForm, summary: 'Learn to weld.' }, { englishCurrent: theirs });
    const englishAfter = written(merged, english.file);
    expect(englishAfter).toContain('"Shipyards"');
    expect(englishAfter).toContain('summary: "Learn to weld."');

    const clash = await save(
      form,
      { ...englishForm, outlets: [...englishForm.outlets.slice(0, -1), 'Dockyards'] },
      { englishCurrent: theirs },
    );
    expect(clash).toEqual({ kind: 'conflict', fields: ['english.outlets'] });
  });

  it('refuses a link to a French page and a promise of the missing phone beside their English fields, in English', async () => {
    const outcome = await save(form, {
      ...englishForm,
      summary: 'See the [French page](/formation/soudure) for the details.',
      job: `${englishForm.job} Call us to visit the workshop.`,
    });
    expect(outcome).toEqual({
      kind: 'invalid',
      fields: {
        'english.summary':
          'This English text links to the French page /formation/soudure: link to the English page instead, /en/programmes/welding.',
        'english.job':
          '“Call us” promises a detail the centre has not given yet (phones in the centre’s details): write :appeler instead, which says it only once it is given.',
      },
    });
  });

  it('refuses an English list that does not follow the French once it is marked up to date', async () => {
    if (form.skills.length >= 10) throw new Error('the fixture has 10 skills already');
    const grown = { ...form, skills: [...form.skills.slice(0, 9), 'Souder sous l’eau'].slice(0, 10) };
    // Another English field changed with the French list: the list's English stays to translate.
    const partly = await save(grown, { ...englishForm, summary: 'Learn to weld.' });
    expect(outdatedSectionsOfTexts(french.file, written(partly, french.file), written(partly, english.file))).toEqual(['skills']);
    const frenchNow = written(partly, french.file);
    const englishNow = written(partly, english.file);
    const outcome = await editContent(french, {
      baseText: frenchNow,
      currentText: frenchNow,
      submitted: french.toForm(french.open(frenchNow).data()),
      contentDir,
      today,
      english: {
        document: english,
        baseText: englishNow,
        currentText: englishNow,
        submitted: english.toForm(english.open(englishNow).data()),
        upToDate: true,
      },
    });
    expect(outcome).toEqual({
      kind: 'invalid',
      fields: { 'english.skills': expect.stringMatching(/^\d+ in English, \d+ in French: once marked up to date/) },
    });
  });

  it('refuses an empty English summary with its own message', async () => {
    expect(await save(form, { ...englishForm, summary: ' ' })).toEqual({
      kind: 'invalid',
      fields: { 'english.summary': 'The summary in English is required' },
    });
  });
});

describe('a programme with no English text yet', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'cfp-english-new-'));
  cpSync(contentDir, copy, { recursive: true });
  rmSync(path.join(copy, 'en/formations/soudure.md'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const french = programmeDocument('soudure');
  const frenchText = read(french.file);
  const form = french.toForm(french.open(frenchText).data());
  const english = englishProgrammeDocument('soudure', true);
  const blank = english.toForm(english.open(english.blank ?? '').data());
  const previous = englishProgrammeDocument('soudure').toForm(
    englishProgrammeDocument('soudure').open(read('en/formations/soudure.md')).data(),
  );
  const previousData = englishProgrammeDocument('soudure').open(read('en/formations/soudure.md')).data() as {
    title: string;
    hero: { title: string; subtitle: string };
    admission: string[];
    highlights: Array<{ title: string; text: string }>;
    trades: string[];
  };
  const complete = (slug: string) => ({
    ...previous,
    slug,
    title: previousData.title,
    heroTitle: previousData.hero.title,
    heroSubtitle: previousData.hero.subtitle,
    admission: previousData.admission,
    highlights: previousData.highlights,
    trades: previousData.trades,
  });
  const save = (englishSubmitted: unknown) =>
    editContent(french, {
      baseText: frenchText,
      currentText: frenchText,
      submitted: { ...form, summary: 'Apprenez à souder.' },
      contentDir: copy,
      today,
      english: { document: english, baseText: undefined, currentText: undefined, submitted: englishSubmitted, upToDate: false },
    });

  it('saves the French alone while the English fields are left blank', async () => {
    const outcome = await save(blank);
    if (outcome.kind !== 'changed') throw new Error(JSON.stringify(outcome));
    expect(outcome.files.map(({ file }) => file)).toEqual([french.file]);
  });

  it('creates the English file with its address, every text and its translationOf', async () => {
    const outcome = await save(complete('welding'));
    expect(outcome).toMatchObject({ kind: 'changed', message: 'Soudure: summary; English text written' });
    const created = written(outcome, english.file);
    expect(created.split('\n').slice(0, 4)).toEqual([
      '---',
      expect.stringMatching(/^translationOf: "title:[0-9a-f]{6}\/[0-9a-f]{6} .+ body:[0-9a-f]{6}\/[0-9a-f]{6}"$/),
      'slug: "welding"',
      `title: "${previousData.title}"`,
    ]);
    expect(translationStatusOf(french.file, written(outcome, french.file), created)).toBe('current');
  });

  it('refuses an English address another programme has, and one that is not lower-case words', async () => {
    expect(await save(complete('german'))).toMatchObject({ kind: 'invalid', fields: { 'english.slug': expect.any(String) } });
    expect(await save(complete('Welding Course'))).toEqual({
      kind: 'invalid',
      fields: {
        'english.slug': 'The English address is lower-case words of plain letters and digits joined by hyphens, e.g. welding',
      },
    });
  });
});

describe('the FAQ’s English beside the French', () => {
  const frenchText = read('faq.yaml');
  const englishText = read('en/faq.yaml');
  const form = faqDocument.toForm(faqDocument.open(frenchText).data());
  const englishForm = englishFaqDocument.toForm(englishFaqDocument.open(englishText).data());
  const save = (items: typeof form.items, englishItems: typeof englishForm.items) =>
    editContent(faqDocument, {
      baseText: frenchText,
      currentText: frenchText,
      submitted: { items },
      contentDir,
      today,
      english: {
        document: englishFaqDocument,
        baseText: englishText,
        currentText: englishText,
        submitted: { items: englishItems },
        upToDate: false,
      },
    });
  const newQuestion = { question: 'Le centre a-t-il un internat ?', answer: 'Non, mais nous aidons à trouver un logement.' };

  it('adds a French question whose English waits, last: the English file is left as it is', async () => {
    const outcome = await save([...form.items, newQuestion], [...englishForm.items, { question: '', answer: '' }]);
    if (outcome.kind !== 'changed') throw new Error(JSON.stringify(outcome));
    expect(outcome.files.map(({ file }) => file)).toEqual(['faq.yaml']);
  });

  it('writes a question in both languages, the English file stamped with the French texts’ fingerprint', async () => {
    const outcome = await save(
      [...form.items, newQuestion],
      [...englishForm.items, { question: 'Does the centre have boarding?', answer: 'No, but we help you find housing.' }],
    );
    const englishAfter = written(outcome, 'en/faq.yaml');
    expect(englishAfter.split('\n')[0]).toMatch(
      /^# translationOf: 1:[0-9a-f]{6}\/[0-9a-f]{6}( [0-9]+:[0-9a-f]{6}\/[0-9a-f]{6})+$/,
    );
    expect(translationStatusOf('faq.yaml', written(outcome, 'faq.yaml'), englishAfter)).toBe('current');
    expect(englishAfter).toContain('- question: "Does the centre have boarding?"');
    expect(written(outcome, 'faq.yaml')).toContain('- question: "Le centre a-t-il un internat ?"');
  });

  it('refuses an English question left blank before others, and an English question without its answer', async () => {
    const [first, second, ...rest] = englishForm.items;
    if (!first || !second) throw new Error('the English FAQ has fewer than two questions');
    expect(await save(form.items, [first, { question: '', answer: '' }, ...rest])).toEqual({
      kind: 'invalid',
      fields: { 'english.items.1.question': expect.stringMatching(/^Write this question in English too/) },
    });
    expect(await save(form.items, [{ ...first, answer: '' }, second, ...rest])).toEqual({
      kind: 'invalid',
      fields: { 'english.items.0.answer': 'The answer in English is required' },
    });
  });
});

describe('the centre’s English words beside the French ones', () => {
  const frenchText = read('centre.yaml');
  const englishText = read('en/centre.yaml');
  const form = centreDocument.toForm(centreDocument.open(frenchText).data());
  const englishForm = englishCentreDocument.toForm(englishCentreDocument.open(englishText).data());
  const save = (submitted: typeof form, englishSubmitted: typeof englishForm | undefined) =>
    editContent(centreDocument, {
      baseText: frenchText,
      currentText: frenchText,
      submitted,
      contentDir,
      today,
      english: {
        document: englishCentreDocument,
        baseText: englishText,
        currentText: englishText,
        submitted: englishSubmitted,
        upToDate: false,
      },
    });

  it('adds a phone with its English label still to give, marked in both files', async () => {
    const outcome = await save(
      { ...form, phones: [...form.phones, { label: 'Secrétariat', number: '6 77 00 11 22' }] },
      { ...englishForm, phones: [...englishForm.phones, { label: '' }], tagline: 'Hands-on trades, recognised diplomas' },
    );
    expect(outcome).toMatchObject({ kind: 'changed', message: 'Centre details: phones; English tagline and phone labels' });
    const englishAfter = written(outcome, 'en/centre.yaml');
    expect(englishAfter).toContain('  - label: "[À COMPLÉTER: nom du numéro en anglais, ex. Reception]"');
    expect(englishAfter).toContain('tagline: "Hands-on trades, recognised diplomas"');
    expect(englishAfter).not.toContain('translationOf');
    expect(englishAfter).toContain("# The centre's words in English");
  });

  it('refuses a French phone added without its English line, at the English phones', async () => {
    const outcome = await save(
      { ...form, phones: [...form.phones, { label: 'Secrétariat', number: '6 77 00 11 22' }] },
      undefined,
    );
    expect(outcome).toEqual({
      kind: 'invalid',
      fields: { 'english.phones': expect.stringMatching(/^The content check refused this English text/) },
    });
  });
});
