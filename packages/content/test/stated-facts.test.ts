import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../src/check.ts';
import { statedFactProblems } from '../src/stated-facts.ts';

const programme = (texts: object, facts: object = { durationMonths: 9, practicalShare: 75 }) => ({
  file: 'content/formations/soudure.md',
  data: { title: 'Soudure', ...facts, ...texts },
});
const refused = (texts: object, body = '', facts?: object) =>
  statedFactProblems({ ...programme(texts, facts), body }, undefined).map(({ field, message }) => `${field}: ${message}`);

describe('a figure a programme’s texts state', () => {
  it('is refused when it is not the duration: « 12 mois », "A 12-month programme", in a field or the body', () => {
    expect(refused({ summary: 'Une formation de 12 mois en atelier.' })).toEqual([
      expect.stringMatching(/^summary: « 12 mois » : la formation dure 9\u00a0mois \(durationMonths\)/),
    ]);
    expect(refused({}, 'A 12-month, 75% practical programme.')).toEqual([expect.stringMatching(/^body: « 12-month »/)]);
    expect(refused({ hero: { title: '9 mois pour souder', subtitle: 'En 9 months.' } })).toEqual([]);
  });

  it('may name a part of the programme, never more than the whole', () => {
    expect(refused({ job: 'Les 3 premiers mois, puis les 6 mois suivants.' })).toEqual([]);
    expect(refused({}, 'Three stages of about 3 months each. The next 6 months are in the workshop.')).toEqual([]);
    expect(refused({}, 'The first 12 months lay the foundations.')).toEqual([expect.stringMatching(/^body: « 12 months »/)]);
  });

  it('is refused when a share of practice is not practicalShare, or there is none', () => {
    expect(refused({ summary: '80 % de pratique en atelier.' })).toEqual([
      expect.stringMatching(/^summary: « 80 % » : la part de pratique est de 75\u00a0% \(practicalShare\)/),
    ]);
    expect(refused({ summary: '75% practical work.' })).toEqual([]);
    expect(refused({ summary: '75% practical work.' }, '', { durationMonths: 9 })).toEqual([
      expect.stringMatching(/practicalShare n’est pas donnée/),
    ]);
    expect(refused({ summary: 'Un taux de réussite de 90 %.' })).toEqual([]);
  });
});

describe('the content check', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'cfp-stated-facts-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('refuses a duration in a sentence, French or English, that disagrees with durationMonths', () => {
    cpSync(path.resolve(import.meta.dirname, '../../../content'), folder, { recursive: true });
    const english = path.join(folder, 'en/formations/soudure.md');
    writeFileSync(english, readFileSync(english, 'utf8').replace(/^summary: "/m, 'summary: "A 12-month programme. '));
    const french = path.join(folder, 'formations/comptabilite-controle-audit.md');
    writeFileSync(french, readFileSync(french, 'utf8').replace(/^durationMonths: 24$/m, 'durationMonths: 18'));
    const errors = checkContent(folder)
      .problems.filter(({ kind, message }) => kind === 'error' && /durationMonths/.test(message))
      .map(({ file, field }) => `${file} ${field}`);
    expect(errors).toContain('content/en/formations/soudure.md summary');
    // « 24 mois pour maîtriser… » and its English, the duration changed to 18 months; « les 12 mois suivants » is a part.
    expect(errors).toContain('content/formations/comptabilite-controle-audit.md summary');
    expect(errors).toContain('content/en/formations/comptabilite-controle-audit.md summary');
    expect(errors.filter((error) => error.endsWith('body'))).toEqual([]);
  });
});
