import {
  createdEnglishProgrammeForm,
  type EnglishCentreForm,
  type EnglishFaqForm,
  type EnglishProgrammeForm,
  englishCentreForm,
  englishFaqForm,
  englishProgrammeForm,
  type NewEnglishProgrammeForm,
  type ProgrammeForm,
  type ProgrammeTextsToTranslate,
  writtenFaqItems,
} from '@cfp/shared';
import { isKnown } from '../centre-details.ts';
import type { Programme } from '../schemas.ts';
import { fieldsOf } from '../translations.ts';
import {
  type EditableDocument,
  given,
  listInWords,
  placeholder,
  programmeFieldsInWords,
  writeOptionalList,
} from './documents.ts';
import { YamlText } from './yaml-text.ts';

/**
 * The English twins of the files the admin's forms edit (content/en/, docs/decisions/0025):
 * their texts only, read leniently (a text the check refuses still opens in the form, to be
 * corrected there) and written in place like the French files.
 */

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const textsOf = (value: unknown) => (Array.isArray(value) ? value.map(textOf) : []);

// ---------------------------------------------------------------- en/centre.yaml

/** What an emptied English detail becomes: the marker the launch checklist lists, as content/en/centre.yaml has them. */
const englishCentreHints = {
  label: 'nom du numéro en anglais, ex. Reception',
  callbackDelay: 'délai de rappel en anglais, ex. within two working days',
};

const englishCentreWords: Record<string, string> = {
  tagline: 'tagline',
  country: 'country',
  phones: 'phone labels',
  callbackDelay: 'callback delay',
  approvalAuthority: 'approving authority',
};

export const englishCentreDocument: EditableDocument<EnglishCentreForm> = {
  file: 'en/centre.yaml',
  blank: '',
  open: (text) => YamlText.ofYaml(text),
  toForm(data) {
    const english = fieldsOf(data);
    const list = (value: unknown) => (Array.isArray(value) ? value.map(fieldsOf) : []);
    return {
      tagline: textOf(english.tagline),
      country: textOf(english.country),
      phones: list(english.phones).map((phone) => ({ label: given(textOf(phone.label)) })),
      callbackDelay: given(textOf(english.callbackDelay)),
      approvalAuthority: textOf(english.approvalAuthority),
    };
  },
  schema: () => englishCentreForm,
  normalise: (form) => form,
  write(yaml, field, form) {
    // A detail still to give keeps the marker it has, with its own hint.
    const english = fieldsOf(yaml.data());
    const was = (list: string, index: number, key: string) => {
      const items = english[list];
      const value = Array.isArray(items) ? fieldsOf(items[index])[key] : undefined;
      return typeof value === 'string' && value.trim() !== '' && !isKnown(value) ? value : undefined;
    };
    if (field === 'phones') {
      yaml.set(
        ['phones'],
        form.phones.map(({ label }, index) => ({
          label: label || (was('phones', index, 'label') ?? placeholder(englishCentreHints.label)),
        })),
      );
    } else if (field === 'callbackDelay') {
      const kept =
        typeof english.callbackDelay === 'string' && !isKnown(english.callbackDelay) ? english.callbackDelay : undefined;
      yaml.set(['callbackDelay'], form.callbackDelay || (kept ?? placeholder(englishCentreHints.callbackDelay)));
    } else {
      yaml.set([field], form[field as 'tagline' | 'country' | 'approvalAuthority']);
    }
  },
  subject: () => 'Centre details',
  words: (fields) => listInWords(fields.map((field) => englishCentreWords[field] ?? field)),
};

// ---------------------------------------------------------------- en/formations/<slug>.md

/** A new English programme's front matter, its keys in the order of the others: each is then written in place. */
const blankProgramme = [
  '---',
  'slug: ""',
  'title: ""',
  'summary: ""',
  'hero:',
  '  title: ""',
  '  subtitle: ""',
  'diploma:',
  '  name: ""',
  '  awardedBy: ""',
  'admission:',
  '  - ""',
  'highlights:',
  '  - title: ""',
  '    text: ""',
  'job: ""',
  'skills:',
  '  - ""',
  'outlets:',
  '  - ""',
  'trades:',
  '  - ""',
  '---',
  '',
].join('\n');

const newProgrammeFields: Record<string, readonly string[]> = {
  slug: ['slug'],
  title: ['title'],
  heroTitle: ['hero', 'title'],
  heroSubtitle: ['hero', 'subtitle'],
  admission: ['admission'],
  highlights: ['highlights'],
  trades: ['trades'],
};

/** The check's fields of a new English text that only its creation shows (`hero.title`), as the form names them. */
function newProgrammeFieldOf(field: string): string | undefined {
  if (field === 'hero.title') return 'english.heroTitle';
  if (field === 'hero.subtitle') return 'english.heroSubtitle';
  const item = /^(admission|trades)\[(\d+)\]$/.exec(field);
  if (item) return `english.${item[1]}.${item[2]}`;
  const highlight = /^highlights\[(\d+)\]\.(title|text)$/.exec(field);
  if (highlight) return `english.highlights.${highlight[1]}.${highlight[2]}`;
  return ['slug', 'title', 'admission', 'highlights', 'trades'].includes(field) ? `english.${field}` : undefined;
}

type EnglishProgrammeDocumentForm = EnglishProgrammeForm | NewEnglishProgrammeForm;

/**
 * content/en/formations/{slug}.md as the programme form edits it. `creating`: there is no English
 * file yet, and the form writes the whole new text, its English address included (stable once
 * published, the form does not offer it again).
 */
export function englishProgrammeDocument(slug: string, creating = false): EditableDocument<EnglishProgrammeDocumentForm> {
  return {
    file: `en/formations/${slug}.md`,
    blank: blankProgramme,
    open: (text) => YamlText.ofMarkdown(text),
    toForm(data) {
      const english = fieldsOf(data);
      const texts: EnglishProgrammeForm = {
        diplomaName: textOf(fieldsOf(english.diploma).name),
        diplomaAwardedBy: textOf(fieldsOf(english.diploma).awardedBy),
        enrolmentDocuments: textsOf(english.enrolmentDocuments),
        summary: textOf(english.summary),
        job: textOf(english.job),
        skills: textsOf(english.skills),
        outlets: textsOf(english.outlets),
      };
      if (!creating) return texts;
      const highlights = Array.isArray(english.highlights) ? english.highlights.map(fieldsOf) : [];
      return {
        ...texts,
        slug: textOf(english.slug),
        title: textOf(english.title),
        heroTitle: textOf(fieldsOf(english.hero).title),
        heroSubtitle: textOf(fieldsOf(english.hero).subtitle),
        admission: textsOf(english.admission),
        highlights: highlights.map((card) => ({ title: textOf(card.title), text: textOf(card.text) })),
        trades: textsOf(english.trades),
      };
    },
    schema: () => (creating ? createdEnglishProgrammeForm : englishProgrammeForm),
    normalise: (form) => form,
    write(yaml, field, form) {
      const path = newProgrammeFields[field];
      if (path) {
        yaml.set(path, (form as NewEnglishProgrammeForm)[field as keyof NewEnglishProgrammeForm]);
      } else if (field === 'diplomaName' || field === 'diplomaAwardedBy') {
        yaml.set(['diploma', field === 'diplomaName' ? 'name' : 'awardedBy'], form[field]);
      } else if (field === 'enrolmentDocuments') {
        writeOptionalList(yaml, field, form.enrolmentDocuments);
      } else {
        yaml.set([field], form[field as 'summary' | 'job' | 'skills' | 'outlets']);
      }
    },
    subject: (data) => textOf(fieldsOf(data).title),
    words: (fields) => (fields.includes('slug') ? 'text written' : programmeFieldsInWords(fields)),
    fieldOfProblem: creating ? newProgrammeFieldOf : undefined,
  };
}

/**
 * The blank English values of a programme with no English file, its lists as long as the
 * French ones and its 4 highlights, and the French texts the form shows beside the new ones.
 */
export function blankEnglishProgramme(
  french: ProgrammeForm,
  frenchData: unknown,
): { values: NewEnglishProgrammeForm; toTranslate: ProgrammeTextsToTranslate } {
  const programme = frenchData as Programme;
  const blanks = (list: readonly unknown[]) => list.map(() => '');
  return {
    values: {
      diplomaName: '',
      diplomaAwardedBy: '',
      enrolmentDocuments: blanks(french.enrolmentDocuments),
      summary: '',
      job: '',
      skills: blanks(french.skills),
      outlets: blanks(french.outlets),
      slug: '',
      title: '',
      heroTitle: '',
      heroSubtitle: '',
      admission: blanks(programme.admission),
      highlights: programme.highlights.map(() => ({ title: '', text: '' })),
      trades: [''],
    },
    toTranslate: {
      title: programme.title,
      heroTitle: programme.hero.title,
      heroSubtitle: programme.hero.subtitle,
      admission: programme.admission,
      highlights: programme.highlights.map(({ title, text }) => ({ title, text })),
      trades: programme.trades,
    },
  };
}

// ---------------------------------------------------------------- en/faq.yaml

export const englishFaqDocument: EditableDocument<EnglishFaqForm> = {
  file: 'en/faq.yaml',
  blank: '',
  open: (text) => YamlText.ofYaml(text),
  toForm: (data) => ({
    items: (Array.isArray(data) ? data.map(fieldsOf) : []).map((item) => ({
      question: textOf(item.question),
      answer: textOf(item.answer),
    })),
  }),
  schema: () => englishFaqForm,
  // The questions still without English at the end are not on the English FAQ yet.
  normalise: (form) => ({ items: writtenFaqItems(form.items) }),
  write: (yaml, _field, form) => yaml.set([], form.items),
  subject: () => 'FAQ',
  words: () => 'questions and answers',
};
