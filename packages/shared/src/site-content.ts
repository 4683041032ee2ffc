import { z } from 'zod';
import { entryLevels, schedules } from './levels-and-schedules.ts';
import { normalisePhone } from './phone.ts';
import {
  englishCentreDetails,
  englishCentreValues,
  englishFaqValues,
  englishProgrammeValues,
  programmeTextsToTranslate,
  translationStatuses,
} from './site-content-english.ts';
import { requiredText, text } from './site-content-texts.ts';
import { weeklyHoursForm } from './weekly-hours.ts';

/**
 * The admin's "Site content" forms: the facts of content/ that staff change without git
 * (GET and PUT /api/content/...). Each save is a git commit of the content repository. Values
 * travel as typed (a phone as `6 99 00 00 00`, a fee as `150 000`); the API turns them into the
 * files' format. An empty text is a detail still to give: it never replaces a given one of a
 * required field. Messages are English: staff read them beside the field.
 */

/** One commit that changed a content file, newest first in a history. */
export const contentChange = z.object({
  commit: z.string(),
  author: z.string(),
  /** ISO 8601. */
  date: z.string(),
  message: z.string(),
  /** Saved (or undone) from the admin's forms: its author is the staff member who did it. */
  byStaff: z.boolean(),
});
export type ContentChange = z.infer<typeof contentChange>;

/** A field a staff change set, as the form shows it: "Tuition: 300 000 → 350 000". */
export const changedField = z.object({ label: z.string(), before: z.string(), after: z.string() });
export type ChangedField = z.infer<typeof changedField>;

/**
 * A line of a form's history: a change made from the admin, with each field before → after and
 * whether Undo can work on it; or the changes made in git meanwhile, folded into one line.
 */
export const historyEntry = z.discriminatedUnion('kind', [
  contentChange.extend({ kind: z.literal('staff'), fields: z.array(changedField), undoable: z.boolean() }),
  z.object({
    kind: z.literal('git'),
    /** How many commits in a row the line stands for. */
    count: z.number().int(),
    authors: z.array(z.string()),
    /** ISO 8601: the newest of them. */
    date: z.string(),
  }),
]);
export type HistoryEntry = z.infer<typeof historyEntry>;

/** Where a form's values were read: sent back with a save, so that a change made meanwhile is noticed. */
export const contentRevision = z.object({
  /** The commit the values were read at. */
  version: z.string(),
  /** The last changes of this file, newest first: at most 10 made from the admin, the others folded. */
  history: z.array(historyEntry),
  /** Commits saved here that the shared git repository does not have yet (the push is retried). */
  unpushed: z.number().int(),
});
export type ContentRevision = z.infer<typeof contentRevision>;

const phoneHint = 'a Cameroonian number such as 6 99 00 00 00, or +33 6 12 34 56 78 for another country';

/** A phone as staff type it; '' for one still to give. */
const phoneText = (label: string) =>
  text(label, 40).refine((value) => value === '' || normalisePhone(value) !== undefined, {
    error: `${label} is not a phone number: type ${phoneHint}`,
  });

const webAddress = (label: string) =>
  text(label, 200).refine((value) => value === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/.test(value), {
    error: `${label} must be a web address starting with https://`,
  });

/** A day as a date field sends it (YYYY-MM-DD); '' for one still to give. */
const calendarDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), {
      error: `Give ${label.toLowerCase()} as a day, e.g. 2028-12-31`,
    })
    .refine((value) => value === '' || z.iso.date().safeParse(value).success, { error: 'This date does not exist' });

export const socialNetworks = ['facebook', 'twitter', 'linkedin', 'youtube', 'tiktok', 'instagram'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export const centreDetailsForm = z.object({
  name: text('The centre’s name', 120),
  shortName: text('The short name', 60),
  tagline: requiredText('The tagline', 200),
  street: text('The street', 200),
  district: requiredText('The district', 80),
  city: requiredText('The city', 80),
  country: requiredText('The country', 80),
  phones: z
    .array(z.object({ label: requiredText('The phone’s label', 60), number: phoneText('The phone number') }))
    .min(1, { error: 'Give at least one phone number' })
    .max(4, { error: 'At most 4 phone numbers' }),
  whatsapp: phoneText('The WhatsApp number'),
  email: text('The email address', 254).refine((value) => value === '' || z.email().safeParse(value).success, {
    error: 'The email address is not valid, e.g. contact@example.cm',
  }),
  mapUrl: webAddress('The map link'),
  /** Empty while the centre has not given them. */
  openingHours: z.array(weeklyHoursForm({ required: true })).max(6, { error: 'At most 6 lines of opening hours' }),
  callbackDelay: text('The callback delay', 80),
  approvalAuthority: requiredText('The approving authority', 200),
  approvalNumber: text('The approval’s number', 80),
  approvalValidUntil: calendarDay('The approval’s end of validity'),
  legalPublicationDirector: text('The director of publication', 120),
  legalHost: text('The host', 300),
  legalDataProtectionLaw: text('The data protection law', 300),
  social: z.object(
    Object.fromEntries(socialNetworks.map((network) => [network, webAddress('This link')])) as Record<
      SocialNetwork,
      ReturnType<typeof webAddress>
    >,
  ),
});
export type CentreDetailsForm = z.infer<typeof centreDetailsForm>;

export const centreDetails = z.object({
  values: centreDetailsForm,
  /**
   * The details the centre has not given yet, by form field (`phones.0.number`, `email`,
   * `social.facebook`), each with what to give, e.g. "numéro de l’accueil…". `optional` ones
   * the site can go live without.
   */
  missing: z.array(z.object({ field: z.string(), hint: z.string(), optional: z.boolean() })),
  /** content/en/centre.yaml: the centre's words in English, item for item as the French lists them (no translationOf). */
  english: englishCentreDetails(englishCentreValues),
  revision: contentRevision,
});
export type CentreDetails = z.infer<typeof centreDetails>;

export const diplomaTypes = ['DQP', 'CQP', 'Attestation'] as const;

/**
 * An amount in FCFA as typed, the ways Cameroonians write it: digits grouped by spaces or dots or
 * not at all, the currency after them or not ("150 000", "150.000 FCFA", "150000 F CFA"); ''
 * when not published. `example` is the one the field's hint gives.
 */
const fcfaText = (label: string, example: string) =>
  text(label, 24).refine(
    (value) => value === '' || /^(?:[1-9]\d{0,2}(?:[\s.\u00a0\u202f]?\d{3})*|[1-9]\d*)(?:\s*(?:F\s?CFA|XAF|F))?$/i.test(value),
    { error: `${label} must be an amount in FCFA written with digits, e.g. ${example}` },
  );

/** The facts a student decides on, and the programme's texts (its long markdown body stays in git). */
export function programmeForm(today: string) {
  return z.object({
    durationMonths: z
      .string({ error: 'The duration is required' })
      .trim()
      .regex(/^\d{1,2}$/, { error: 'The duration is a number of months, e.g. 9' })
      .refine((value) => Number(value) >= 1 && Number(value) <= 36, { error: 'The duration is between 1 and 36 months' }),
    entryLevel: z.enum(entryLevels, { error: 'Choose an entry level' }),
    diplomaType: z.enum(diplomaTypes, { error: 'Choose a kind of diploma' }),
    diplomaName: requiredText('The diploma’s name', 200),
    diplomaAwardedBy: requiredText('Who awards the diploma', 200),
    schedules: z.array(z.enum(schedules)).min(1, { error: 'Choose at least one schedule' }),
    /** For each schedule, its days and hours; blank for one not given. */
    scheduleHours: z.object(
      Object.fromEntries(schedules.map((schedule) => [schedule, weeklyHoursForm({ required: false })])) as Record<
        (typeof schedules)[number],
        ReturnType<typeof weeklyHoursForm>
      >,
    ),
    registrationFee: fcfaText('The registration fee', '25 000'),
    tuitionFee: fcfaText('The tuition', '150 000'),
    /** In how many instalments the whole can be paid; '' when not published. */
    instalments: z
      .string({ error: 'The number of instalments is required' })
      .trim()
      .refine((value) => value === '' || (/^\d{1,2}$/.test(value) && Number(value) >= 2 && Number(value) <= 12), {
        error: 'The number of instalments is between 2 and 12, e.g. 3',
      }),
    intakes: z
      .array(
        z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give the date as a day, e.g. 2027-01-11' })
          .refine((value) => z.iso.date().safeParse(value).success, { error: 'This date does not exist' })
          .refine((value) => value >= today, { error: 'This date is in the past: give the next intakes' }),
      )
      .max(6, { error: 'At most 6 intakes' }),
    enrolmentDocuments: z.array(requiredText('A document', 200)).max(12, { error: 'At most 12 documents' }),
    confirmed: z.boolean(),
    summary: requiredText('The summary', 220),
    job: requiredText('The job description', 3000),
    skills: z
      .array(requiredText('A skill', 200))
      .min(6, { error: 'Give 6 to 10 skills' })
      .max(10, { error: 'Give 6 to 10 skills' }),
    outlets: z
      .array(requiredText('An outlet', 200))
      .min(4, { error: 'Give 4 to 8 outlets' })
      .max(8, { error: 'Give 4 to 8 outlets' }),
  });
}
export type ProgrammeForm = z.infer<ReturnType<typeof programmeForm>>;

/** The facts a programme does not publish yet, as the programmes list names them. */
export const programmeGaps = ['fees', 'intakes', 'enrolmentDocuments', 'scheduleHours'] as const;
export type ProgrammeGap = (typeof programmeGaps)[number];

export const programmeSummary = z.object({
  slug: z.string(),
  title: z.string(),
  department: z.string(),
  departmentTitle: z.string(),
  confirmed: z.boolean(),
  /** Off the site: its pages lead to its department's page, and it takes no pre-enrolment. */
  retired: z.boolean(),
  /** It has its own photo (`picture`), shown on its card and page instead of the illustration. */
  picture: z.boolean(),
  gaps: z.array(z.enum(programmeGaps)),
  /** The programme's page on the public site, from its root: /formation/soudure. */
  path: z.string(),
});
export type ProgrammeSummary = z.infer<typeof programmeSummary>;
export const programmeSummaryList = z.array(programmeSummary);

/** The programmes list with the content's commit it was read at, which confirming them sends back. */
/** A department, as the list of programmes and a new programme's form name it. */
export const departmentChoice = z.object({ slug: z.string(), title: z.string() });
export type DepartmentChoice = z.infer<typeof departmentChoice>;

export const programmeList = z.object({
  programmes: programmeSummaryList,
  version: z.string(),
  /** Every department, in the site's order: where a new programme can go. */
  departments: z.array(departmentChoice),
});
export type ProgrammeList = z.infer<typeof programmeList>;

/**
 * The English twin of a form's file (content/en/…): its texts as the form shows them, and whether
 * it says what the French says now (its `translationOf` against the French texts' fingerprint).
 */
const englishTwin = <Values extends z.ZodType>(values: Values) =>
  z.object({
    /** From the repository's root: content/en/formations/soudure.md. */
    file: z.string(),
    status: z.enum(translationStatuses),
    /** As read; blank when there is no English file yet. */
    values,
  });

export const programmeDetails = programmeSummary.extend({
  /** As read: past intakes included (the form refuses them only when saved). */
  values: programmeForm(''),
  english: englishTwin(englishProgrammeValues).extend({
    /** The English page, /en/programmes/welding; none while there is no English file. */
    path: z.string().optional(),
    /** With no English file yet: the French texts the form does not edit, for the English ones to be written from. */
    toTranslate: programmeTextsToTranslate.optional(),
  }),
  revision: contentRevision,
});
export type ProgrammeDetails = z.infer<typeof programmeDetails>;

export const faqForm = z.object({
  items: z
    .array(z.object({ question: requiredText('The question', 200), answer: requiredText('The answer', 2000) }))
    .min(1, { error: 'Keep at least one question' })
    .max(40, { error: 'At most 40 questions' }),
});
export type FaqForm = z.infer<typeof faqForm>;

export const faqDetails = z.object({ values: faqForm, english: englishTwin(englishFaqValues), revision: contentRevision });
export type FaqDetails = z.infer<typeof faqDetails>;

/**
 * A save: the values of the whole form and the revision they were read at; with the English
 * texts beside them (`english`, absent to leave the English file as it is) and, when the English
 * is not current, whether the editor says it now says what the French says (`englishUpToDate`).
 * Both files are one commit.
 */
/**
 * The largest body a content form sends: the FAQ at its maximum in French and in English, 40 ×
 * (200 + 2,000) characters each, up to 3 bytes a character in UTF-8 (about 530 KB), with room for
 * the JSON around them. Every other route keeps the API's 64 KB.
 */
export const contentSaveMaxBytes = 640 * 1024;

export const contentSaveRequest = z.object({
  version: z.string().regex(/^[0-9a-f]{40}$/),
  values: z.unknown(),
  english: z.unknown().optional(),
  englishUpToDate: z.boolean().optional(),
});

export const contentSaveResponse = z.object({
  commit: z.string(),
  /** The commit's message, e.g. "Soudure: fees and next intakes". */
  message: z.string(),
  /** ISO 8601: the site shows the change once a build that started after it succeeded (GET /api/site/status). */
  savedAt: z.string(),
  /** True when nothing differed from the file: no commit was made. */
  unchanged: z.boolean(),
  /** Not in the shared git repository yet: the site shows it, and the push is retried. */
  unpushed: z.number().int(),
  /** The public page that shows the change, from the site's root. */
  path: z.string(),
  revision: contentRevision,
});
export type ContentSaveResponse = z.infer<typeof contentSaveResponse>;

/** A form's unsaved values rendered by the site's templates (POST /api/content/…/preview): nothing is saved or published. */
export const contentPreviewResponse = z.object({
  /** The preview's pages, from the API's root (`/site-preview/<id>/formation/soudure`): the French page, and the English one when the form has an English twin. */
  pages: z.object({ fr: z.string(), en: z.string().optional() }),
  /** ISO 8601: after this the preview's addresses answer 404. */
  expiresAt: z.string(),
  /** Pages the preview's build rendered; the others were the same as in the preview before. */
  rendered: z.number().int(),
});
export type ContentPreviewResponse = z.infer<typeof contentPreviewResponse>;

export const contentRevertRequest = z.object({ commit: z.string().regex(/^[0-9a-f]{40}$/, { error: 'commit is a commit id' }) });

/** At most this many programmes confirmed at once (the centre has 39). */
export const programmesConfirmMax = 60;

/**
 * Confirming several programmes' facts at once, as one commit: the programmes, each unconfirmed
 * with nothing missing, and the version the list was read at. Answered with a `contentSaveResponse`.
 */
export const programmesConfirmRequest = z.object({
  slugs: z
    .array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Each slug is a programme’s address, such as soudure' }))
    .min(1, { error: 'Choose at least one programme' })
    .max(programmesConfirmMax, { error: `At most ${programmesConfirmMax} programmes at once` }),
  version: z.string().regex(/^[0-9a-f]{40}$/, { error: 'version is a commit id' }),
});
export type ProgrammesConfirmRequest = z.infer<typeof programmesConfirmRequest>;

/**
 * Taking a programme off the site (`retired: true`) or putting it back, with the version the
 * programme was read at. Answered with a `contentSaveResponse`.
 */
export const programmeRetirementRequest = z.object({
  retired: z.boolean(),
  version: z.string().regex(/^[0-9a-f]{40}$/, { error: 'version is a commit id' }),
});
export type ProgrammeRetirementRequest = z.infer<typeof programmeRetirementRequest>;
