import type { NewEnglishProgrammeForm, NewProgrammeForm } from '@cfp/shared';
import { withRenewedStamp } from '../english.ts';
import { formFields, programmeDocument } from './documents.ts';
import type { ChangedFile } from './edit.ts';
import { englishProgrammeDocument } from './english-documents.ts';

/**
 * A new programme's front matter, in the key order and quoting of the others: every value is
 * then written in place by the programme form's own writer. It starts with no body: the longer
 * text under the header is written later, in git (docs/content-editing.md).
 */
const blankProgramme = [
  '---',
  'title: ""',
  'department: none',
  'order: 1',
  'summary: ""',
  'hero:',
  '  title: ""',
  '  subtitle: ""',
  'durationMonths: 1',
  'diploma:',
  '  type: DQP',
  '  name: ""',
  '  awardedBy: ""',
  'entryLevel: cep',
  'admission:',
  '  - ""',
  'schedules: [jour]',
  'highlights:',
  '  - title: ""',
  '    text: ""',
  'job: ""',
  'skills:',
  '  - ""',
  'outlets:',
  '  - ""',
  'trades: [""]',
  'confirmed: false',
  '---',
  '',
].join('\n');

/** The fields only a new programme's form has, and where they go in its file. */
const newProgrammePaths: Record<string, readonly string[]> = {
  title: ['title'],
  department: ['department'],
  heroTitle: ['hero', 'title'],
  heroSubtitle: ['hero', 'subtitle'],
  admission: ['admission'],
  highlights: ['highlights'],
  trades: ['trades'],
};

/**
 * The two files of a programme added from the admin: `formations/{slug}.md`, placed last in its
 * department (`order`), and its English twin, marked as translating it as written.
 */
export function newProgrammeFiles(french: NewProgrammeForm, english: NewEnglishProgrammeForm, order: number): ChangedFile[] {
  const { slug, ...values } = french;
  const document = programmeDocument(slug);
  const form = { ...values, ...document.normalise(values) };
  const yaml = document.open(blankProgramme);
  yaml.set(['order'], order);
  for (const field of Object.keys(formFields(form))) {
    const path = newProgrammePaths[field];
    if (path) yaml.set(path, form[field as keyof typeof form]);
    else document.write(yaml, field, form);
  }
  const frenchText = yaml.toString();

  const twin = englishProgrammeDocument(slug, true);
  const englishYaml = twin.open(twin.blank ?? '');
  for (const field of Object.keys(formFields(english))) twin.write(englishYaml, field, english);
  const englishText = withRenewedStamp(document.file, frenchText, englishYaml.toString(), 'all');
  return [
    { file: document.file, text: frenchText },
    { file: twin.file, text: englishText },
  ];
}
