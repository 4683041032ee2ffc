import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translationFingerprint, withTranslationOf } from '../src/fingerprint.ts';
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
