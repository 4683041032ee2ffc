import {
  blankWeeklyHours,
  type CentreDetailsForm,
  centreDetailsForm,
  type FaqForm,
  faqForm,
  formatPhone,
  normalisePhone,
  type ProgrammeForm,
  programmeForm,
  type Schedule,
  schedules,
  socialNetworks,
  type WeeklyHours,
  type WeeklyHoursForm,
  weekDays,
} from '@cfp/shared';
import type { z } from 'zod';
import { isKnown } from '../centre-details.ts';
import type { Centre, FaqItem, Programme } from '../schemas.ts';
import { YamlText } from './yaml-text.ts';

/**
 * A content file that the admin edits through a form: how the form's values are read from the
 * file and written back to it. A form is compared field by field (its keys, and the keys of its
 * nested objects: `social.facebook`), which is what lets two people's changes to different
 * fields of one file merge.
 */
export interface EditableDocument<Form> {
  /** The file, from the content folder: `centre.yaml`, `formations/soudure.md`. */
  file: string;
  open(text: string): YamlText;
  /** The form's values as read from the file's data. */
  toForm(data: unknown): Form;
  /** The form as validated on save (today: YYYY-MM-DD, for dates that must be to come). */
  schema(today: string): z.ZodType<Form>;
  /** Values typed differently but meaning the same (`699112233`, `6 99 11 22 33`) made equal. */
  normalise(form: Form): Form;
  /** Writes one field of the form into the file. */
  write(yaml: YamlText, field: string, form: Form): void;
  /** What the file is, at the head of a commit's message: "Soudure", "Centre details", "FAQ". */
  subject(data: unknown): string;
  /** The changed fields in the admin's English, for a commit's message: "fees and next intakes". */
  words(fields: string[]): string;
  /** The text a file not written yet starts from (an English text to create); none for a file that must exist. */
  blank?: string;
  /** Other files whose changes the form's history shows: a programme's photo. */
  companions?: readonly string[];
  /**
   * The form's field of a problem the content check finds in the file (`phones[0].number` →
   * `phones.0.number`); undefined for one the form does not show. By default, contentFieldLink's.
   */
  fieldOfProblem?(field: string): string | undefined;
}

/** A form's fields, one level of nested objects flattened (`social.facebook`); lists are one field. */
export function formFields(form: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(form).flatMap(([key, value]) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value).map(([inner, innerValue]) => [`${key}.${inner}`, innerValue])
        : [[key, value]],
    ),
  );
}

export function listInWords(items: string[]): string {
  const unique = [...new Set(items)];
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}

export const placeholder = (hint: string) => `[À COMPLÉTER: ${hint}]`;
export const given = (value: string | undefined) => (isKnown(value) ? value.trim() : '');
const typedPhone = (value: string) => {
  const e164 = normalisePhone(value);
  return e164 ? formatPhone(e164) : value.trim();
};

// ---------------------------------------------------------------- days and hours

/** Days and hours as a form holds them. */
const hoursForm = (hours: WeeklyHours): WeeklyHoursForm => ({ days: [...hours.days], from: hours.from, to: hours.to });

/** The days in the week's order, each once: two ways of ticking the same days are one value. */
const normaliseHours = (hours: WeeklyHoursForm): WeeklyHoursForm => ({
  ...hours,
  days: weekDays.filter((day) => hours.days.includes(day)),
});

/** Days and hours as the content writes them. */
const hoursOf = (hours: WeeklyHoursForm): WeeklyHours => ({ days: normaliseHours(hours).days, from: hours.from, to: hours.to });

const isBlankHours = (hours: WeeklyHoursForm) => hours.days.length === 0 && hours.from === '' && hours.to === '';

// ---------------------------------------------------------------- centre.yaml

/** What an emptied detail becomes again: the marker the launch checklist lists. */
const centrePlaceholders: Record<string, string> = {
  name: 'nom du centre',
  shortName: 'nom court ou sigle du centre',
  street: 'rue, repère ou lieu-dit',
  email: 'adresse e-mail du centre',
  mapUrl: 'lien Google Maps vers le centre',
  callbackDelay: 'délai de rappel, ex. sous deux jours ouvrables',
  approvalNumber: 'numéro de l’arrêté d’agrément',
  approvalValidUntil: 'date de fin de validité de l’agrément, AAAA-MM-JJ',
  legalPublicationDirector: 'nom et fonction du directeur ou de la directrice de la publication',
  legalHost: 'nom et adresse de l’hébergeur du site',
  legalDataProtectionLaw: 'référence de la loi sur la protection des données personnelles, confirmée par le centre',
};

const openingHoursPlaceholder = 'jours et heures d’ouverture';

const centrePaths: Record<string, string[]> = {
  street: ['address', 'street'],
  district: ['address', 'district'],
  city: ['address', 'city'],
  country: ['address', 'country'],
  approvalAuthority: ['approval', 'authority'],
  approvalNumber: ['approval', 'number'],
  approvalValidUntil: ['approval', 'validUntil'],
  legalPublicationDirector: ['legal', 'publicationDirector'],
  legalHost: ['legal', 'host'],
  legalDataProtectionLaw: ['legal', 'dataProtectionLaw'],
};

const centreWords: Record<string, string> = {
  name: 'name',
  shortName: 'short name',
  tagline: 'tagline',
  phones: 'phones',
  whatsapp: 'WhatsApp',
  email: 'e-mail',
  mapUrl: 'map link',
  openingHours: 'opening hours',
  callbackDelay: 'callback delay',
  approvalAuthority: 'approval',
  approvalNumber: 'approval',
  approvalValidUntil: 'approval',
  legalPublicationDirector: 'legal notice',
  legalHost: 'legal notice',
  legalDataProtectionLaw: 'data protection law',
};

/** A phone as centre.yaml keeps it: E.164 for the links, and as it is written in Cameroon. */
function phoneEntry(typed: string, what: string) {
  const e164 = normalisePhone(typed);
  return e164
    ? { number: e164, display: formatPhone(e164) }
    : {
        number: placeholder(`${what} au format international, ex. +237699000000`),
        display: placeholder(`${what} tel qu’il s’affiche, ex. 6 99 00 00 00`),
      };
}

export const centreDocument: EditableDocument<CentreDetailsForm> = {
  file: 'centre.yaml',
  open: (text) => YamlText.ofYaml(text),
  toForm(data) {
    const centre = data as Centre;
    return {
      name: given(centre.name),
      shortName: given(centre.shortName),
      tagline: centre.tagline,
      street: given(centre.address.street),
      district: centre.address.district,
      city: centre.address.city,
      country: centre.address.country,
      phones: centre.phones.map((phone) => ({ label: phone.label, number: typedPhone(given(phone.number)) })),
      whatsapp: typedPhone(given(centre.whatsapp.number)),
      email: given(centre.email),
      mapUrl: given(centre.mapUrl),
      openingHours: Array.isArray(centre.openingHours) ? centre.openingHours.map(hoursForm) : [],
      callbackDelay: given(centre.callbackDelay),
      approvalAuthority: centre.approval.authority,
      approvalNumber: given(centre.approval.number),
      approvalValidUntil: given(centre.approval.validUntil),
      legalPublicationDirector: given(centre.legal.publicationDirector),
      legalHost: given(centre.legal.host),
      legalDataProtectionLaw: given(centre.legal.dataProtectionLaw),
      social: Object.fromEntries(
        socialNetworks.map((network) => [network, given(centre.social[network])]),
      ) as CentreDetailsForm['social'],
    };
  },
  schema: () => centreDetailsForm,
  normalise: (form) => ({
    ...form,
    openingHours: form.openingHours.map(normaliseHours),
    phones: form.phones.map((phone) => ({ ...phone, number: typedPhone(phone.number) })),
    whatsapp: typedPhone(form.whatsapp),
  }),
  write(yaml, field, form) {
    // A detail still to give keeps the marker it has, with its own hint.
    const centre = yaml.data() as Centre;
    if (field === 'phones') {
      yaml.set(
        ['phones'],
        form.phones.map(({ label, number }, index) => {
          const { number: was, display } = centre.phones[index] ?? {};
          const missing = number === '' && was !== undefined && !isKnown(was) && display !== undefined;
          return { label, ...(missing ? { number: was, display } : phoneEntry(number, `numéro « ${label} »`)) };
        }),
      );
    } else if (field === 'whatsapp') {
      if (form.whatsapp !== '' || isKnown(centre.whatsapp.number)) {
        yaml.set(['whatsapp'], phoneEntry(form.whatsapp, 'numéro WhatsApp'));
      }
    } else if (field === 'openingHours') {
      // Emptied, the hours are still to give again: the marker the launch checklist lists.
      const kept = typeof centre.openingHours === 'string' ? centre.openingHours : placeholder(openingHoursPlaceholder);
      yaml.set(['openingHours'], form.openingHours.length > 0 ? form.openingHours.map(hoursOf) : kept);
    } else if (field.startsWith('social.')) {
      const network = field.slice('social.'.length) as keyof CentreDetailsForm['social'];
      const value = form.social[network];
      if (value) yaml.set(['social', network], value);
      else yaml.delete(['social', network]);
    } else {
      const key = field as keyof typeof centrePlaceholders & keyof CentreDetailsForm;
      const value = form[key] as string;
      const hint = centrePlaceholders[key];
      yaml.set(centrePaths[key] ?? [key], value || (hint ? placeholder(hint) : value));
    }
  },
  subject: () => 'Centre details',
  words: (fields) =>
    listInWords(fields.map((field) => (field.startsWith('social.') ? 'social networks' : (centreWords[field] ?? field)))),
};

// ---------------------------------------------------------------- formations/<slug>.md

const groupDigits = (amount: number) => String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const amountOf = (typed: string) => (typed.trim() === '' ? undefined : Number(typed.replace(/\D/g, '')));

const programmeWords: Record<string, string> = {
  durationMonths: 'duration',
  entryLevel: 'entry level',
  diplomaType: 'diploma',
  diplomaName: 'diploma',
  diplomaAwardedBy: 'diploma',
  schedules: 'schedules',
  registrationFee: 'fees',
  tuitionFee: 'fees',
  instalments: 'fees',
  intakes: 'next intakes',
  enrolmentDocuments: 'enrolment documents',
  confirmed: 'facts confirmed',
  summary: 'summary',
  job: 'job description',
  skills: 'skills',
  outlets: 'outlets',
};

export const programmeFieldsInWords = (fields: string[]) =>
  listInWords(fields.map((field) => (field.startsWith('scheduleHours.') ? 'days and hours' : (programmeWords[field] ?? field))));

const diplomaKeys: Record<string, string> = { diplomaType: 'type', diplomaName: 'name', diplomaAwardedBy: 'awardedBy' };
const feeKeys: Record<string, string> = { registrationFee: 'registration', tuitionFee: 'tuition', instalments: 'instalments' };

function deleteEmpty(yaml: YamlText, key: string): void {
  if (yaml.has([key]) && yaml.isEmpty([key])) yaml.delete([key]);
}

/** Writes one `scheduleHours.<schedule>` field; an emptied one goes, and so does an emptied map. */
function writeScheduleHours(yaml: YamlText, field: string, hoursBySchedule: Record<Schedule, WeeklyHoursForm>): void {
  const schedule = field.slice('scheduleHours.'.length) as Schedule;
  const hours = hoursBySchedule[schedule];
  if (isBlankHours(hours)) yaml.delete(['scheduleHours', schedule]);
  else yaml.set(['scheduleHours', schedule], hoursOf(hours));
  deleteEmpty(yaml, 'scheduleHours');
}

/** Writes a list the file may leave out: an empty one is removed. */
export function writeOptionalList(yaml: YamlText, key: string, list: readonly string[]): void {
  if (list.length === 0) yaml.delete([key]);
  else yaml.set([key], list);
}

/** Where a programme's photo lives: beside its file, named after it (`picture: ./soudure.jpg`). */
export const programmePictureFile = (slug: string) => `formations/${slug}.jpg`;

export function programmeDocument(slug: string): EditableDocument<ProgrammeForm> {
  return {
    file: `formations/${slug}.md`,
    companions: [programmePictureFile(slug)],
    open: (text) => YamlText.ofMarkdown(text),
    toForm(data) {
      const programme = data as Programme;
      const fee = (amount: number | undefined) => (amount === undefined ? '' : groupDigits(amount));
      return {
        durationMonths: String(programme.durationMonths),
        entryLevel: programme.entryLevel,
        diplomaType: programme.diploma.type,
        diplomaName: programme.diploma.name,
        diplomaAwardedBy: programme.diploma.awardedBy,
        schedules: programme.schedules,
        scheduleHours: Object.fromEntries(
          schedules.map((schedule) => {
            const hours = programme.scheduleHours?.[schedule];
            return [schedule, hours ? hoursForm(hours) : blankWeeklyHours()];
          }),
        ) as Record<Schedule, WeeklyHoursForm>,
        registrationFee: fee(programme.fees?.registration),
        tuitionFee: fee(programme.fees?.tuition),
        instalments: programme.fees?.instalments === undefined ? '' : String(programme.fees.instalments),
        intakes: programme.intakes ?? [],
        enrolmentDocuments: programme.enrolmentDocuments ?? [],
        confirmed: programme.confirmed,
        summary: programme.summary,
        job: programme.job,
        skills: programme.skills,
        outlets: programme.outlets,
      };
    },
    schema: (today) => programmeForm(today),
    normalise(form) {
      const fee = (typed: string) => {
        const amount = amountOf(typed);
        return amount === undefined ? '' : groupDigits(amount);
      };
      return {
        ...form,
        durationMonths: String(Number(form.durationMonths)),
        schedules: schedules.filter((schedule) => form.schedules.includes(schedule)),
        registrationFee: fee(form.registrationFee),
        tuitionFee: fee(form.tuitionFee),
        instalments: form.instalments === '' ? '' : String(Number(form.instalments)),
        scheduleHours: Object.fromEntries(
          schedules.map((schedule) => [schedule, normaliseHours(form.scheduleHours[schedule])]),
        ) as Record<Schedule, WeeklyHoursForm>,
        intakes: [...new Set(form.intakes)].sort(),
      };
    },
    write(yaml, field, form) {
      if (field === 'durationMonths') {
        yaml.set(['durationMonths'], Number(form.durationMonths));
      } else if (field in diplomaKeys) {
        yaml.set(['diploma', diplomaKeys[field] as string], form[field as keyof ProgrammeForm]);
      } else if (field in feeKeys) {
        const typed = form[field as 'registrationFee' | 'tuitionFee' | 'instalments'];
        const value = field === 'instalments' ? (typed === '' ? undefined : Number(typed)) : amountOf(typed);
        if (value === undefined) yaml.delete(['fees', feeKeys[field] as string]);
        else yaml.set(['fees', feeKeys[field] as string], value);
        deleteEmpty(yaml, 'fees');
      } else if (field.startsWith('scheduleHours.')) {
        writeScheduleHours(yaml, field, form.scheduleHours);
      } else if (field === 'intakes' || field === 'enrolmentDocuments') {
        writeOptionalList(yaml, field, form[field]);
      } else {
        yaml.set([field], form[field as keyof ProgrammeForm]);
      }
    },
    subject: (data) => (data as Programme).title,
    words: (fields) => programmeFieldsInWords(fields),
  };
}

// ---------------------------------------------------------------- faq.yaml

export const faqDocument: EditableDocument<FaqForm> = {
  file: 'faq.yaml',
  open: (text) => YamlText.ofYaml(text),
  toForm: (data) => ({ items: (data as FaqItem[]).map(({ question, answer }) => ({ question, answer })) }),
  schema: () => faqForm,
  normalise: (form) => form,
  write: (yaml, _field, form) => yaml.set([], form.items),
  subject: () => 'FAQ',
  words: () => 'questions and answers',
};
