import { z } from 'zod';
import {
  formLanguage,
  optionalField,
  searchText,
  singleLine,
  visitorEmailAddress,
  visitorPhoneNumber,
  visitorText,
} from './common.ts';
import { forwardingStatuses } from './contact.ts';
import { applicationLimits, honeypotMaxLength, localizedFieldMessages } from './form-fields.ts';
import { type EntryLevel, entryLevels, type Schedule, schedules } from './levels-and-schedules.ts';
import { type Locale, localeSchema } from './locales.ts';
import { pageQuery } from './pagination.ts';

/**
 * Pre-enrolment (pré-inscription): a student asks to enrol in a programme and is called back.
 * The input's messages are French (students read them), the staff's shapes English.
 */

/**
 * How long a pre-enrolment nobody touches is kept, unless APPLICATION_RETENTION_DAYS says
 * otherwise: the API purges by it, the privacy notice states it (docs/decisions/0009).
 */
export const defaultApplicationRetentionDays = 365;

export const applicationStatuses = ['new', 'contacted', 'enrolled', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The staff's words for a status, in the admin and in the CSV export. */
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  enrolled: 'Enrolled',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** The staff's words for the schedule a student chose (the site's are French: `scheduleLabels`). */
export const staffScheduleLabels: Record<Schedule, string> = {
  jour: 'Day classes',
  soir: 'Evening classes',
  weekend: 'Weekend',
};

/** How the student heard of the centre: value sent by the form, French label shown to the student. */
export const heardFromOptions = {
  'bouche-a-oreille': 'Par un proche (bouche-à-oreille)',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  tiktok: 'TikTok',
  'radio-television': 'Radio ou télévision',
  affiche: 'Affiche ou prospectus',
  internet: 'Recherche sur internet',
  visite: 'En passant devant le centre',
  autre: 'Autrement',
} as const;
export type HeardFrom = keyof typeof heardFromOptions;

/** The same answers in each language of the site (the staff read them in French: `heardFromLabel`). */
export const localizedHeardFromOptions: Record<Locale, Record<HeardFrom, string>> = {
  fr: heardFromOptions,
  en: {
    'bouche-a-oreille': 'From someone I know (word of mouth)',
    facebook: 'Facebook',
    whatsapp: 'WhatsApp',
    tiktok: 'TikTok',
    'radio-television': 'Radio or television',
    affiche: 'Poster or leaflet',
    internet: 'Searching the internet',
    visite: 'Passing by the centre',
    autre: 'Another way',
  },
};

/** The answer as the student read it (French); a key the form no longer offers shows as sent. */
export function heardFromLabel(value: string): string {
  return value in heardFromOptions ? heardFromOptions[value as HeardFrom] : value;
}

/** The form's fields as the student reads them: labels on the site, and in the API's error page. */
export const applicationFieldLabels = {
  programme: 'Formation',
  firstName: 'Prénom',
  lastName: 'Nom',
  phone: 'Téléphone',
  email: 'E-mail',
  town: 'Ville ou quartier',
  level: 'Diplôme ou niveau le plus élevé',
  schedule: 'Horaire souhaité',
  intake: 'Rentrée souhaitée',
  heardFrom: 'Comment avez-vous connu le centre\u00a0?',
  message: 'Message',
  consent: 'Accord pour que le centre vous contacte',
} as const;

export const localizedApplicationFieldLabels: Record<Locale, Record<keyof typeof applicationFieldLabels, string>> = {
  fr: applicationFieldLabels,
  en: {
    programme: 'Programme',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone',
    email: 'Email',
    town: 'Town or neighbourhood',
    level: 'Highest diploma or level',
    schedule: 'Preferred schedule',
    intake: 'Preferred intake',
    heardFrom: 'How did you hear about the centre?',
    message: 'Message',
    consent: 'Agreement to be contacted',
  },
};

/** What a student agrees to by ticking the consent box: on the site's form, and on the API's correction page. */
export const localizedConsentStatement: Record<Locale, string> = {
  fr: 'J’accepte que le centre me contacte par téléphone, WhatsApp ou e-mail au sujet de cette pré-inscription.',
  en: 'I agree that the centre may contact me by phone, WhatsApp or email about this pre-enrolment.',
};

/** The pre-enrolment form, its messages in the language of the page it was sent from. */
const applicationInputFor = (locale: Locale) => {
  const labels = localizedApplicationFieldLabels[locale];
  const messages = localizedFieldMessages[locale];
  const text = (field: 'firstName' | 'lastName' | 'town' | 'message') =>
    visitorText(labels[field], applicationLimits[field], locale);
  return z.object({
    programme: z
      .string({ error: messages.chooseProgramme })
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: messages.chooseProgramme })
      .max(applicationLimits.programme),
    firstName: singleLine(text('firstName'), labels.firstName, locale),
    lastName: singleLine(text('lastName'), labels.lastName, locale),
    phone: visitorPhoneNumber(labels.phone, applicationLimits.phone, locale),
    email: optionalField(visitorEmailAddress(messages.required(labels.email), locale)),
    town: singleLine(text('town'), labels.town, locale),
    level: z.enum(entryLevels, { error: messages.chooseLevel }),
    schedule: optionalField(z.enum(schedules, { error: messages.chooseSchedule })),
    intake: optionalField(z.iso.date({ error: messages.chooseIntake })),
    heardFrom: optionalField(
      z.enum(Object.keys(heardFromOptions) as [HeardFrom, ...HeardFrom[]], { error: messages.chooseAnswer }),
    ),
    message: optionalField(text('message')),
    consent: z.union([z.literal(true), z.literal('on'), z.literal('true')], { error: messages.consent }),
    language: formLanguage,
    website: z.string().max(honeypotMaxLength).optional(),
  });
};

/** The pre-enrolment's schema in each language: the same fields, the messages in that language. */
export const localizedApplicationInput = { fr: applicationInputFor('fr'), en: applicationInputFor('en') };
/** The pre-enrolment form (French messages: the API checks it with these, then in the form's language). */
export const applicationInput = localizedApplicationInput.fr;
/** What the API has once the input is checked: the phone in E.164, empty optional fields left out. */
export type ApplicationData = z.output<typeof applicationInput>;

/** The highest diploma a student has, as the form offers it. */
export const studentLevelLabels: Record<(typeof entryLevels)[number], string> = {
  aucun: 'Aucun diplôme',
  cep: 'CEP',
  bepc: 'BEPC',
  probatoire: 'Probatoire',
  bac: 'Baccalauréat ou plus',
};

/** The same levels in each language of the site, the English naming the Anglophone counterparts (as localizedEntryLevelLabels). */
export const localizedStudentLevelLabels: Record<Locale, Record<EntryLevel, string>> = {
  fr: studentLevelLabels,
  en: {
    aucun: 'No diploma',
    cep: 'CEP / FSLC',
    bepc: 'BEPC / GCE O Level, 4 papers or more',
    probatoire: 'Probatoire / Lower Sixth',
    bac: 'Baccalauréat / GCE A Level or higher',
  },
};

/**
 * What happens after a pre-enrolment, from the content: the confirmation page, the in-place
 * confirmation and the student's e-mail all print it.
 */
export const applicationNextSteps = z.object({
  programmeTitle: z.string(),
  /** "Le centre vous appelle sous deux jours ouvrables au 6 99 00 11 22." */
  callback: z.string(),
  /** The enrolment file's documents; empty when the programme has not published them. */
  documents: z.array(z.string()),
  /** The documents' language: French on an English confirmation while the list has no English twin, which it then says. */
  documentsLanguage: localeSchema,
  /** One line per published fee ("Inscription : 25 000 FCFA"); empty when none is published. */
  fees: z.array(z.string()),
  /** wa.me link with a French message quoting the reference, when the centre's number is known. */
  whatsappUrl: z.string().optional(),
  /** The programme's page on the site. */
  programmeUrl: z.string(),
});
export type ApplicationNextSteps = z.infer<typeof applicationNextSteps>;

/** What the student is told: the reference to quote, and what happens next. */
export const applicationReceived = z.object({ message: z.string(), reference: z.string(), nextSteps: applicationNextSteps });

/** Another application, as a link: its id to open, its reference to read. */
const applicationLink = z.object({ _id: z.number(), reference: z.string() });

export const application = z.object({
  _id: z.number(),
  reference: z.string(),
  programme: z.string(),
  /** The programme's name as the site prints it (its slug when it has left the content). */
  programmeTitle: z.string(),
  /** The language of the page the student pre-enrolled from: the one to call and write in. */
  language: localeSchema,
  /** The programme's name as the student read it, in their language (the French one for a French application). */
  studentProgrammeTitle: z.string(),
  /**
   * The programme's page in the student's language, from the site's root (`programmePath` of
   * public-pages.ts): the page they pre-enrolled from; its French page when it has left the content.
   */
  studentProgrammePath: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  town: z.string(),
  level: z.enum(entryLevels),
  schedule: z.enum(schedules).nullable(),
  intake: z.string().nullable(),
  heardFrom: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(applicationStatuses),
  statusChangedBy: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  note: z.string().nullable(),
  /** Whether the staff's e-mail copy went out (the same states as a contact message's). */
  forwarding: z.enum(forwardingStatuses),
  forwardingError: z.string().nullable(),
  /** The earlier application this one repeats (same phone, same programme, within 24 hours). */
  repeatOf: applicationLink.nullable(),
  /** The later applications that repeat this one, oldest first. */
  repeats: z.array(applicationLink),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof application>;

/** An application in the list: what a row shows, without the long or internal texts. */
export const applicationSummary = application.omit({
  message: true,
  note: true,
  forwardingError: true,
  repeats: true,
  studentProgrammeTitle: true,
  studentProgrammePath: true,
});
export type ApplicationSummary = z.infer<typeof applicationSummary>;

/** The list's and the export's filters; `q` finds a reference, a name or a phone (any spacing). */
export const applicationFilterQuery = z.object({
  programme: z.string().trim().max(applicationLimits.programme).optional(),
  status: z.enum(applicationStatuses).optional(),
  intake: z.string().trim().max(10).optional(),
  /** The language the students pre-enrolled in. */
  language: localeSchema.optional(),
  q: searchText.optional(),
});
export type ApplicationFilterQuery = z.infer<typeof applicationFilterQuery>;
export const applicationQuery = applicationFilterQuery.extend(pageQuery.shape);

export const applicationCountQuery = z.object({ status: z.enum(applicationStatuses).optional() });

/** What the list's filters offer: how many applications in all, by status, programme and intake. */
export const applicationFacets = z.object({
  total: z.number().int(),
  statuses: z.record(z.enum(applicationStatuses), z.number().int()),
  programmes: z.array(z.object({ programme: z.string(), programmeTitle: z.string(), count: z.number().int() })),
  intakes: z.array(z.object({ intake: z.string(), count: z.number().int() })),
});
export type ApplicationFacets = z.infer<typeof applicationFacets>;

export const updateApplicationInput = z
  .object({
    status: z.enum(applicationStatuses).optional(),
    note: z
      .string()
      .trim()
      .max(applicationLimits.note, { error: `note must be at most ${applicationLimits.note} characters` })
      .optional(),
  })
  .refine((input) => input.status !== undefined || input.note !== undefined, { error: 'status or note is required' });
export type UpdateApplicationInput = z.infer<typeof updateApplicationInput>;

export const applicationUpdated = z.object({ message: z.string(), data: application });
export type ApplicationUpdated = z.infer<typeof applicationUpdated>;
