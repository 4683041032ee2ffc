import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outdatedSections, renewedStamp, translationFingerprint, withTranslationOf } from '../src/fingerprint.ts';
import { splitFrontMatter } from '../src/read.ts';
import { englishProgrammeSchema, programmeFacts, programmeSchema } from '../src/schemas.ts';

const contentDir = path.resolve(import.meta.dirname, '../../../content');
const soudure = splitFrontMatter(readFileSync(path.join(contentDir, 'formations/soudure.md'), 'utf8'));
if (!soudure) throw new Error('content/formations/soudure.md has no front matter');
const programme = soudure.data as Record<string, unknown>;
const fingerprint = (data: unknown, body = soudure.body) => translationFingerprint('programme', data, body);

describe('the fingerprint of a French text', () => {
  it('is 12 lower-case hexadecimal characters, the same whatever the order of the fields', () => {
    const reversed = Object.fromEntries(Object.entries(programme).reverse());
    expect(fingerprint(programme)).toMatch(/^[0-9a-f]{12}$/);
    expect(fingerprint(reversed)).toBe(fingerprint(programme));
  });

  it('changes with a sentence of the front matter or of the body', () => {
    expect(fingerprint({ ...programme, summary: `${programme.summary} Et plus.` })).not.toBe(fingerprint(programme));
    expect(fingerprint({ ...programme, diploma: { ...(programme.diploma as object), name: 'DQP' } })).not.toBe(
      fingerprint(programme),
    );
    expect(fingerprint({ ...programme, enrolmentDocuments: ['Copie de l’acte de naissance'] })).not.toBe(fingerprint(programme));
    expect(fingerprint(programme, `${soudure.body}\nUne phrase de plus.`)).not.toBe(fingerprint(programme));
  });

  it('stays the same when a fact changes: a fee, an intake, the duration, the confirmation', () => {
    const facts = {
      ...programme,
      durationMonths: 10,
      diploma: { ...(programme.diploma as object), type: 'CQP' },
      fees: { registration: 25000, tuition: 350000, instalments: 3 },
      scheduleHours: { jour: { days: ['lundi', 'mardi'], from: '08:00', to: '12:00' } },
      intakes: ['2027-01-11'],
      confirmed: true,
    };
    expect(fingerprint(facts)).toBe(fingerprint(programme));
  });

  it('names every field of a French programme either a text the English translates or a fact', () => {
    const english = Object.keys(englishProgrammeSchema.shape);
    const facts = programmeFacts.map((fact) => fact.replace(/\..*$/, ''));
    const neither = Object.keys(programmeSchema.shape).filter((key) => !english.includes(key) && !facts.includes(key));
    expect(neither).toEqual([]);
  });
});

describe('an English text stamped with a fingerprint', () => {
  it('gets a first front-matter line when it has none, every other byte unchanged', () => {
    const text = '---\r\nslug: "welding"\r\ntitle: "Welding"\r\n---\r\nBody.\r\n';
    expect(withTranslationOf('programme', text, '0123456789ab')).toBe(
      '---\r\ntranslationOf: "0123456789ab"\r\nslug: "welding"\r\ntitle: "Welding"\r\n---\r\nBody.\r\n',
    );
  });

  it('has its translationOf line rewritten where it is, and no other', () => {
    const text =
      '---\nslug: "welding"\ntranslationOf: "aaaaaaaaaaaa"\nhero:\n  translationOf: "kept"\n---\ntranslationOf: body\n';
    expect(withTranslationOf('programme', text, 'bbbbbbbbbbbb')).toBe(text.replace('"aaaaaaaaaaaa"', '"bbbbbbbbbbbb"'));
  });

  it('in faq.yaml, a list, as a leading comment line', () => {
    const text = '- question: "Why?"\n  answer: "Because."\n';
    const stamped = withTranslationOf('faq', text, '0123456789ab');
    expect(stamped).toBe(`# translationOf: 0123456789ab\n${text}`);
    expect(withTranslationOf('faq', stamped, 'ffffffffffff')).toBe(`# translationOf: ffffffffffff\n${text}`);
  });
});

describe('a stamp, section by section', () => {
  const french = { data: programme, body: soudure.body };
  const english = { data: { ...programme, summary: 'Learn to weld.' }, body: 'English body.' };
  const allCurrent = renewedStamp('programme', undefined, french, english, 'all');

  it('names each translatable field and the body, with the French and English fingerprints', () => {
    expect(allCurrent).toMatch(/^title:[0-9a-f]{6}\/[0-9a-f]{6} summary:/);
    expect(allCurrent).toMatch(/ body:[0-9a-f]{6}\/[0-9a-f]{6}$/);
    expect(allCurrent).not.toMatch(/durationMonths|confirmed/);
    expect(outdatedSections('programme', allCurrent, french)).toEqual([]);
  });

  it('makes outdated only the sections whose French changed, and every section of an unstamped text', () => {
    const changed = { ...french, data: { ...programme, summary: 'Autre résumé.', durationMonths: 3 } };
    expect(outdatedSections('programme', allCurrent, changed)).toEqual(['summary']);
    expect(outdatedSections('programme', allCurrent, { ...french, body: `${soudure.body}\nPlus.` })).toEqual(['body']);
    expect(outdatedSections('programme', '0123456789ab', french)).toContain('title');
  });

  it('renews only the sections whose English changed since their stamp, unless all are said translated', () => {
    const frenchChanged = { ...french, data: { ...programme, summary: 'Autre résumé.', job: 'Autre métier.' } };
    const englishChanged = { ...english, data: { ...english.data, summary: 'Another summary.' } };
    const edited = renewedStamp('programme', allCurrent, frenchChanged, englishChanged, 'edited');
    expect(outdatedSections('programme', edited, frenchChanged)).toEqual(['job']);
    const all = renewedStamp('programme', allCurrent, frenchChanged, englishChanged, 'all');
    expect(outdatedSections('programme', all, frenchChanged)).toEqual([]);
  });

  it('follows a FAQ question by question', () => {
    const questions = [
      { question: 'Où ?', answer: 'Ici.' },
      { question: 'Quand ?', answer: 'Demain.' },
    ];
    const stamp = renewedStamp('faq', undefined, { data: questions }, { data: questions }, 'all');
    expect(stamp).toMatch(/^1:[0-9a-f]{6}\/[0-9a-f]{6} 2:[0-9a-f]{6}\/[0-9a-f]{6}$/);
    const edited = [questions[0], { question: 'Quand ?', answer: 'Lundi.' }];
    expect(outdatedSections('faq', stamp, { data: edited })).toEqual(['2']);
  });
});
