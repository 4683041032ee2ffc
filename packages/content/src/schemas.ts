import { entryLevels, schedules, timeOfDayPattern, weekDays } from '@cfp/shared';
import { z } from 'zod';

/**
 * The schemas of the files in content/ (docs/content-format.md). The site's content
 * collections and `pnpm content:check` validate with these; what one file cannot show
 * (a department that exists, legacy slugs that collide) is in programmes.ts.
 */

const text = (max = 2000) => z.string().trim().min(1).max(max);
const card = z.object({ title: text(120), text: text(600) }).strict();
const career = z.object({ title: text(120), description: text(600) }).strict();
const careers = <T extends z.ZodType>(item: T) => z.array(item).min(4).max(6);
const section = z.object({ title: text(160), items: z.array(card).min(2).max(8) }).strict();

export { entryLevels } from '@cfp/shared';

/** Days and hours, written once and said in each language: `{ days: [lundi, mardi], from: "08:00", to: "12:00" }`. */
export const weeklyHoursSchema = z
  .object({
    days: z.array(z.enum(weekDays)).min(1),
    from: z.string().regex(timeOfDayPattern, { error: 'une heure HH:MM, ex. 08:00' }),
    to: z.string().regex(timeOfDayPattern, { error: 'une heure HH:MM, ex. 12:00' }),
  })
  .strict()
  .refine((hours) => hours.from < hours.to, { error: 'l’heure de fin (to) vient après celle du début (from)', path: ['to'] });

/** A programme's photo, beside its file: `./soudure.jpg`. */
export const picturePattern = /^\.\/[a-z0-9]+(?:-[a-z0-9]+)*\.jpg$/;

/** A slug: lower-case kebab-case, letters without accents, digits and hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const departementSchema = z
  .object({
    title: text(80),
    order: z.number().int().min(1),
    tagline: text(160),
    summary: text(220),
    strengths: z.array(card).min(4).max(6),
    careers: careers(career.extend({ image: z.string().regex(/^careers\/[a-z0-9-]+$/) })),
    assistance: card,
  })
  .strict();

const fcfa = z.number().int().positive();

export const programmeSchema = z
  .object({
    title: text(100),
    /** The slug of a file in content/departements. */
    department: z.string().regex(slugPattern),
    order: z.number().int().min(1),
    summary: text(220),
    hero: z.object({ title: text(160), subtitle: text(300) }).strict(),
    /** The one place the duration is written: every text and filter derives from it (formatDuration). */
    durationMonths: z.number().int().min(1).max(36),
    diploma: z.object({ type: z.enum(['DQP', 'CQP', 'Attestation']), name: text(200), awardedBy: text(200) }).strict(),
    entryLevel: z.enum(entryLevels),
    admission: z.array(text(300)).min(2).max(5),
    schedules: z.array(z.enum(schedules)).min(1),
    practicalShare: z.number().int().min(0).max(100).optional(),
    highlights: z.array(card).length(4),
    job: text(3000),
    skills: z.array(text(200)).min(6).max(10),
    outlets: z.array(text(200)).min(4).max(8),
    /** Older URLs of this programme, kept working as redirects. */
    legacySlugs: z.array(z.string().regex(/^[A-Za-z0-9-]+$/)).optional(),
    /** The trades the programme leads to, as a student types them in the finder (both genders). */
    trades: z.array(text(60)).min(1).max(12),
    /** True once the centre has confirmed this file's facts (duration, level, diploma, practice, fees...). */
    confirmed: z.boolean(),
    /** True while the programme is off the site: its addresses lead to its department's page (docs/content-format.md). */
    retired: z.boolean().optional(),
    /** Its photo, a JPEG beside this file (`./soudure.jpg`): shown on its card and page instead of the illustration. */
    picture: z.string().regex(picturePattern, { error: 'une photo JPEG à côté du fichier, ex. ./soudure.jpg' }).optional(),
    // What a student decides on, printed when filled in and never invented.
    /** In FCFA: the registration fee, the tuition for the whole programme, and in how many instalments it can be paid. */
    fees: z
      .object({
        registration: fcfa.optional(),
        tuition: fcfa.optional(),
        instalments: z.number().int().min(2).max(12).optional(),
      })
      .strict()
      .refine((fees) => Object.keys(fees).length > 0, { error: 'give at least one of registration, tuition, instalments' })
      .optional(),
    /** The next intakes, as dates (YYYY-MM-DD); the pages show those still to come. */
    intakes: z.array(z.iso.date()).min(1).max(6).optional(),
    /** The documents of the enrolment file. */
    enrolmentDocuments: z.array(text(200)).min(1).max(12).optional(),
    /** For each schedule the programme is taught on, its days and hours. */
    scheduleHours: z.partialRecord(z.enum(schedules), weeklyHoursSchema).optional(),
  })
  .strict();

export const faqItemSchema = z.object({ question: text(200), answer: text(2000) }).strict();

export const pageSchema = z
  .object({
    title: text(100),
    description: text(160),
    hero: z.object({ title: text(160), subtitle: text(300), cta: text(60).optional() }).strict(),
    why: section.optional(),
    steps: section.optional(),
    values: section.optional(),
    approach: section.optional(),
    /** The invitation that closes the page (the FAQ's "Vous avez une autre question ?"), directives allowed. */
    closing: card.optional(),
  })
  .strict();

/**
 * The English texts (content/en/): the same files, texts only. Every fact stays in the French
 * file, written once, and the site shows it in both languages; `translationOf` holds, section by
 * section, the fingerprints of the French a translation was made from and of the English then
 * (`summary:1a2b3c/4d5e6f body:…`, fingerprint.ts).
 */
export const translationStampPattern = /^[A-Za-z0-9]+:[0-9a-f]{6}\/[0-9a-f]{6}( [A-Za-z0-9]+:[0-9a-f]{6}\/[0-9a-f]{6})*$/;
export const translationOfSchema = z.string().regex(translationStampPattern, {
  error:
    'empreintes « section:français/anglais » écrites par pnpm content:translated ; supprimez la ligne puis lancez la commande',
});
const translationOf = translationOfSchema.optional();

/** The facts of a programme and of a department, by field (`[]` for any item of a list): only their French file holds them. */
export const programmeFacts = [
  'department',
  'order',
  'durationMonths',
  'diploma.type',
  'entryLevel',
  'schedules',
  'practicalShare',
  'legacySlugs',
  'confirmed',
  'retired',
  'picture',
  'fees.registration',
  'fees.tuition',
  'fees.instalments',
  'intakes',
  'scheduleHours',
];
export const departementFacts = ['order', 'careers[].image'];

export const englishProgrammeSchema = programmeSchema
  .pick({
    title: true,
    summary: true,
    hero: true,
    admission: true,
    highlights: true,
    job: true,
    skills: true,
    outlets: true,
    trades: true,
    enrolmentDocuments: true,
  })
  .extend({
    /** The English address, /en/programmes/{slug}: stable once published. */
    slug: z.string().regex(slugPattern),
    translationOf,
    diploma: programmeSchema.shape.diploma.pick({ name: true, awardedBy: true }),
  })
  .strict();

export const englishDepartementSchema = departementSchema
  .omit({ order: true })
  .extend({ slug: z.string().regex(slugPattern), translationOf, careers: careers(career) })
  .strict();

export const englishPageSchema = pageSchema.extend({ translationOf }).strict();

/**
 * faq.yaml holds a list: its `translationOf` is a comment line, `# translationOf: …` (translations.ts).
 * @alias the French item's schema, named for the English file
 */
export const englishFaqItemSchema = faqItemSchema;

/** The marker of a value the centre has not given yet, e.g. `[À COMPLÉTER: nom du centre]`. */
export const placeholderPattern = /^\[À COMPLÉTER: .+\]$/;
const placeholderOr = <T extends z.ZodType>(schema: T) => z.union([schema, z.string().regex(placeholderPattern)]);
/** A detail of the centre: its value, or the marker saying it is still to be given (which may be longer). */
const detail = (max: number) => placeholderOr(text(max));

export const centreSchema = z
  .object({
    name: text(120),
    shortName: text(60),
    tagline: text(200),
    address: z.object({ street: text(200), district: text(80), city: text(80), country: text(80) }).strict(),
    phones: z.array(z.object({ label: text(60), number: detail(40), display: detail(40) }).strict()).min(1),
    whatsapp: z.object({ number: detail(40), display: detail(40) }).strict(),
    email: placeholderOr(z.email()),
    mapUrl: placeholderOr(z.url({ protocol: /^https?$/ })),
    /** The opening hours, line by line; or, until the centre gives them, a marker for the whole list. */
    openingHours: placeholderOr(z.array(weeklyHoursSchema).min(1).max(6)),
    /** validUntil: the day the approval ends (YYYY-MM-DD). */
    approval: z.object({ authority: text(200), number: detail(80), validUntil: placeholderOr(z.iso.date()) }).strict(),
    /** How soon the centre calls back a student who pre-enrols ("sous deux jours ouvrables"). */
    callbackDelay: text(80),
    /**
     * What the legal notice and the privacy notice name: who is responsible for the publication,
     * who hosts the site, and the law personal data is protected under (as the centre confirms it).
     */
    legal: z.object({ publicationDirector: detail(120), host: detail(300), dataProtectionLaw: detail(300) }).strict(),
    /** Only the networks the centre is on: a line can be removed. */
    social: z
      .object({
        facebook: text(200).optional(),
        twitter: text(200).optional(),
        linkedin: text(200).optional(),
        youtube: text(200).optional(),
        tiktok: text(200).optional(),
        instagram: text(200).optional(),
      })
      .strict(),
  })
  .strict();

/**
 * content/en/centre.yaml: the words of centre.yaml in English (the facts, numbers and addresses,
 * stay in centre.yaml alone). Its lists follow centre.yaml's, item for item; a value centre.yaml
 * has not given yet is marked here too.
 */
export const englishCentreSchema = z
  .object({
    tagline: text(200),
    country: text(80),
    phones: z.array(z.object({ label: text(60) }).strict()).min(1),
    callbackDelay: detail(80),
    /** centre.yaml's approval.authority, by its official English name. */
    approvalAuthority: text(200),
  })
  .strict();

export type Programme = z.infer<typeof programmeSchema>;
export type FaqItem = z.infer<typeof faqItemSchema>;
export type Centre = z.infer<typeof centreSchema>;
export type EnglishCentre = z.infer<typeof englishCentreSchema>;
export type EnglishProgramme = z.infer<typeof englishProgrammeSchema>;
export type EnglishDepartement = z.infer<typeof englishDepartementSchema>;
export type EnglishPage = z.infer<typeof englishPageSchema>;
export type EnglishFaqItem = z.infer<typeof englishFaqItemSchema>;
