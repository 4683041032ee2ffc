import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { centreDocument, editContent, faqDocument, programmeDocument, YamlText } from '../src/editing/index.ts';
import { contentDir, read, today, written } from './edit-support.ts';

/** The lines of `after` that differ from `before`, as a diff would show them. */
function changedLines(before: string, after: string): string[] {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line));
}

describe('content files read and written back', () => {
  it('writes every file of content/ back byte for byte when nothing changes', async () => {
    const files = [
      'centre.yaml',
      'faq.yaml',
      ...['formations', 'departements', 'pages'].flatMap((folder) =>
        readdirSync(path.join(contentDir, folder)).map((name) => `${folder}/${name}`),
      ),
    ];
    for (const file of files) {
      const text = read(file);
      const yaml = file.endsWith('.md') ? YamlText.ofMarkdown(text) : YamlText.ofYaml(text);
      expect(yaml.toString(), file).toBe(text);
    }
  });
});

describe('a centre detail saved from the admin', () => {
  const text = read('centre.yaml');
  const form = centreDocument.toForm(centreDocument.open(text).data());

  it('stores a phone typed as 6 99 11 22 33 in E.164 and as displayed, changing only those lines and keeping the comments', async () => {
    const submitted = {
      ...form,
      phones: form.phones.map((phone, index) => (index === 0 ? { ...phone, number: '6 99 11 22 33' } : phone)),
    };
    const outcome = await editContent(centreDocument, { baseText: text, currentText: text, submitted, contentDir, today });
    expect(outcome.kind).toBe('changed');
    if (outcome.kind !== 'changed') return;
    expect(changedLines(text, written(outcome, 'centre.yaml'))).toEqual([
      '    number: "+237699112233"',
      '    display: "6 99 11 22 33"',
    ]);
    expect(written(outcome, 'centre.yaml').split('\n').length).toBe(text.split('\n').length);
    expect(written(outcome, 'centre.yaml')).toContain('# Second numéro');
    expect(outcome.message).toBe('Centre details: phones');
  });

  it('refuses a phone of five digits beside its field', async () => {
    const submitted = { ...form, phones: [{ label: 'Accueil', number: '69911' }] };
    const outcome = await editContent(centreDocument, { baseText: text, currentText: text, submitted, contentDir, today });
    expect(outcome).toEqual({ kind: 'invalid', fields: { 'phones.0.number': expect.stringMatching(/not a phone number/) } });
  });

  it('merges a change to another field made since the form was read, and refuses one to the same field', async () => {
    const theirs = await editContent(centreDocument, {
      baseText: text,
      currentText: text,
      submitted: { ...form, email: 'contact@centre.cm' },
      contentDir,
      today,
    });
    if (theirs.kind !== 'changed') throw new Error(theirs.kind);
    const mine = { ...form, whatsapp: '677 00 11 22' };
    const merged = await editContent(centreDocument, {
      baseText: text,
      currentText: written(theirs, 'centre.yaml'),
      submitted: mine,
      contentDir,
      today,
    });
    if (merged.kind !== 'changed') throw new Error(merged.kind);
    expect(written(merged, 'centre.yaml')).toContain('email: "contact@centre.cm"');
    expect(written(merged, 'centre.yaml')).toContain('number: "+237677001122"');

    const clash = await editContent(centreDocument, {
      baseText: text,
      currentText: written(theirs, 'centre.yaml'),
      submitted: { ...form, email: 'inscriptions@centre.cm' },
      contentDir,
      today,
    });
    expect(clash).toEqual({ kind: 'conflict', fields: ['email'] });
  });

  it('makes no change when the values are the same, typed differently', async () => {
    const once = await editContent(centreDocument, {
      baseText: text,
      currentText: text,
      submitted: { ...form, whatsapp: '677001122' },
      contentDir,
      today,
    });
    if (once.kind !== 'changed') throw new Error(once.kind);
    const again = centreDocument.toForm(centreDocument.open(written(once, 'centre.yaml')).data());
    const outcome = await editContent(centreDocument, {
      baseText: written(once, 'centre.yaml'),
      currentText: written(once, 'centre.yaml'),
      submitted: { ...again, whatsapp: '+237 677 00 11 22' },
      contentDir,
      today,
    });
    expect(outcome).toEqual({ kind: 'unchanged' });
  });
});

describe('a programme’s facts saved from the admin', () => {
  const document = programmeDocument('soudure');
  const text = read(document.file);
  const form = document.toForm(document.open(text).data());

  it('changes the duration in its one field, adds fees, an intake and documents, and confirms the facts', async () => {
    const submitted = {
      ...form,
      durationMonths: '10',
      registrationFee: '25 000',
      tuitionFee: '350000',
      intakes: ['2027-01-11'],
      enrolmentDocuments: ['Une photocopie de la CNI'],
      confirmed: true,
    };
    const outcome = await editContent(document, { baseText: text, currentText: text, submitted, contentDir, today });
    if (outcome.kind !== 'changed') throw new Error(JSON.stringify(outcome));
    expect(changedLines(text, written(outcome, document.file))).toEqual([
      'durationMonths: 10',
      'confirmed: true',
      'fees:',
      '  registration: 25000',
      '  tuition: 350000',
      'intakes:',
      '  - "2027-01-11"',
      'enrolmentDocuments:',
      '  - "Une photocopie de la CNI"',
    ]);
    expect(written(outcome, document.file).endsWith(text.slice(text.indexOf('\n---\n') + 5))).toBe(true);
    expect(outcome.message).toBe('Soudure: duration, fees, next intakes, enrolment documents and facts confirmed');
  });

  it('refuses a fee of "cheap" and an intake in the past, field by field', async () => {
    const submitted = { ...form, registrationFee: 'cheap', intakes: ['2026-01-05'] };
    const outcome = await editContent(document, { baseText: text, currentText: text, submitted, contentDir, today });
    expect(outcome).toEqual({
      kind: 'invalid',
      fields: { registrationFee: expect.stringMatching(/FCFA/), 'intakes.0': expect.stringMatching(/past/) },
    });
  });
});

describe('the FAQ saved from the admin', () => {
  const text = read('faq.yaml');
  const form = faqDocument.toForm(faqDocument.open(text).data());

  it('reorders two questions by rewriting only their lines', async () => {
    const [first, second, ...rest] = form.items;
    if (!first || !second) throw new Error('the FAQ has fewer than two questions');
    const outcome = await editContent(faqDocument, {
      baseText: text,
      currentText: text,
      submitted: { items: [second, first, ...rest] },
      contentDir,
      today,
    });
    if (outcome.kind !== 'changed') throw new Error(outcome.kind);
    expect(changedLines(text, written(outcome, 'faq.yaml'))).toHaveLength(0);
    expect(written(outcome, 'faq.yaml').indexOf(second.question)).toBeLessThan(
      written(outcome, 'faq.yaml').indexOf(first.question),
    );
  });
});
