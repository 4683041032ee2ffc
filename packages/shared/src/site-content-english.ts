import { z } from 'zod';
import { requiredText, text } from './site-content-texts.ts';

/**
 * The English texts of the admin's content forms (content/en/, docs/decisions/0025): each French
 * text a form edits has its English twin beside it; the facts (fees, dates, numbers) stay single
 * fields, written once in the French file. Messages say "in English", so that a refused English
 * text is told apart from its French twin.
 */

/**
 * Whether an English text says what its French twin says now: `current` (its translationOf is
 * the fingerprint of the French texts as they are), `outdated` (the French texts changed since),
 * `unstamped` (it has no translationOf), `missing` (there is no English file).
 */
export const translationStatuses = ['current', 'outdated', 'unstamped', 'missing'] as const;
export type TranslationStatus = (typeof translationStatuses)[number];

/** An English address, /en/programmes/{slug}: lower-case words of plain letters and digits joined by hyphens. */
export const englishSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// ---------------------------------------------------------------- a programme

/** The English twins of the texts the programme form edits (content/en/formations/{slug}.md). */
export const englishProgrammeForm = z.object({
  diplomaName: requiredText('The diploma’s name in English', 200),
  diplomaAwardedBy: requiredText('Who awards the diploma, in English', 200),
  enrolmentDocuments: z.array(requiredText('A document in English', 200)).max(12, { error: 'At most 12 documents' }),
  summary: requiredText('The summary in English', 220),
  job: requiredText('The job description in English', 3000),
  skills: z
    .array(requiredText('A skill in English', 200))
    .min(6, { error: 'Give 6 to 10 skills in English' })
    .max(10, { error: 'Give 6 to 10 skills in English' }),
  outlets: z
    .array(requiredText('An outlet in English', 200))
    .min(4, { error: 'Give 4 to 8 outlets in English' })
    .max(8, { error: 'Give 4 to 8 outlets in English' }),
});
export type EnglishProgrammeForm = z.infer<typeof englishProgrammeForm>;

/**
 * What else a new English text needs, written once when it is created: its address (stable once
 * published, so not offered again) and the texts the form does not otherwise edit.
 */
const newEnglishProgrammeTexts = z.object({
  slug: z
    .string({ error: 'The English address is required' })
    .trim()
    .min(1, { error: 'The English address is required' })
    .max(100, { error: 'The English address must be at most 100 characters' })
    .regex(englishSlugPattern, {
      error: 'The English address is lower-case words of plain letters and digits joined by hyphens, e.g. welding',
    }),
  title: requiredText('The title in English', 100),
  heroTitle: requiredText('The heading in English', 160),
  heroSubtitle: requiredText('The sentence under the heading, in English', 300),
  admission: z
    .array(requiredText('An entry requirement in English', 300))
    .min(2, { error: 'Give 2 to 5 entry requirements in English' })
    .max(5, { error: 'Give 2 to 5 entry requirements in English' }),
  highlights: z
    .array(
      z.object({
        title: requiredText('The highlight’s title in English', 120),
        text: requiredText('The highlight’s text in English', 600),
      }),
    )
    .length(4, { error: 'Give the 4 highlights in English' }),
  trades: z
    .array(requiredText('A trade in English', 60))
    .min(1, { error: 'Give 1 to 12 trades in English' })
    .max(12, { error: 'Give 1 to 12 trades in English' }),
});

/** Every string of a form's values empty: a new English text nobody has started. */
export function isBlankForm(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isBlankForm);
  if (value && typeof value === 'object') return Object.values(value).every(isBlankForm);
  return true;
}

/** A whole new English text of a programme, as its file is created. */
export const createdEnglishProgrammeForm = englishProgrammeForm.extend(newEnglishProgrammeTexts.shape);
export type NewEnglishProgrammeForm = z.infer<typeof createdEnglishProgrammeForm>;

/**
 * The English of a programme that has no English file yet: left blank, there is still none
 * (the value is undefined and the French is saved alone); begun, it is the whole new text.
 */
export const newEnglishProgrammeForm = z.preprocess(
  (value) => (isBlankForm(value) ? undefined : value),
  createdEnglishProgrammeForm.optional(),
);

/** The English texts as read, for the form to show: the file may be short of a text the check asks for. */
export const englishProgrammeValues = z.object({
  diplomaName: z.string(),
  diplomaAwardedBy: z.string(),
  enrolmentDocuments: z.array(z.string()),
  summary: z.string(),
  job: z.string(),
  skills: z.array(z.string()),
  outlets: z.array(z.string()),
  // Only while there is no English file: the new text's own fields, blank.
  slug: z.string().optional(),
  title: z.string().optional(),
  heroTitle: z.string().optional(),
  heroSubtitle: z.string().optional(),
  admission: z.array(z.string()).optional(),
  highlights: z.array(z.object({ title: z.string(), text: z.string() })).optional(),
  trades: z.array(z.string()).optional(),
});
export type EnglishProgrammeValues = z.infer<typeof englishProgrammeValues>;

/** The French texts a new English text translates that the form does not edit: shown beside their English fields. */
export const programmeTextsToTranslate = z.object({
  title: z.string(),
  heroTitle: z.string(),
  heroSubtitle: z.string(),
  admission: z.array(z.string()),
  highlights: z.array(z.object({ title: z.string(), text: z.string() })),
  trades: z.array(z.string()),
});
export type ProgrammeTextsToTranslate = z.infer<typeof programmeTextsToTranslate>;

// ---------------------------------------------------------------- the FAQ

const isBlankItem = (item: { question: string; answer: string }) => item.question === '' && item.answer === '';

/**
 * The English FAQ (content/en/faq.yaml), item by item beside the French one. A question whose
 * English is left blank (both texts) is not on the English FAQ yet; only the last questions may
 * wait so, for every English question to stay beside its French one.
 */
export const englishFaqForm = z.object({
  items: z
    .array(z.object({ question: text('The question in English', 200), answer: text('The answer in English', 2000) }))
    .max(40, { error: 'At most 40 questions' })
    .superRefine((items, context) => {
      const lastWritten = items.findLastIndex((item) => !isBlankItem(item));
      items.forEach((item, index) => {
        if (isBlankItem(item)) {
          if (index < lastWritten) {
            context.addIssue({
              code: 'custom',
              path: [index, 'question'],
              message:
                'Write this question in English too: only the last questions may wait for their English, so that each English question stays beside its French one',
            });
          }
          return;
        }
        for (const part of ['question', 'answer'] as const) {
          if (item[part] === '') {
            context.addIssue({ code: 'custom', path: [index, part], message: `The ${part} in English is required` });
          }
        }
      });
    }),
});
export type EnglishFaqForm = z.infer<typeof englishFaqForm>;

export const englishFaqValues = z.object({ items: z.array(z.object({ question: z.string(), answer: z.string() })) });
export type EnglishFaqValues = z.infer<typeof englishFaqValues>;

/** The FAQ's English as the form saves it: the English questions still blank at the end are left out. */
export const writtenFaqItems = (items: EnglishFaqForm['items']) =>
  items.slice(0, items.findLastIndex((item) => !isBlankItem(item)) + 1);

// ---------------------------------------------------------------- the centre

/**
 * content/en/centre.yaml as the centre's form edits it: its phones' labels follow the French
 * ones item for item (the opening hours are facts, said in English from centre.yaml). An empty label or delay is a detail still to
 * give, marked like the French ones.
 */
export const englishCentreForm = z.object({
  tagline: requiredText('The tagline in English', 200),
  country: requiredText('The country in English', 80),
  phones: z.array(z.object({ label: text('The phone’s label in English', 60) })).max(4, { error: 'At most 4 phone numbers' }),
  callbackDelay: text('The callback delay in English', 80),
  approvalAuthority: requiredText('The approving authority in English', 200),
});
export type EnglishCentreForm = z.infer<typeof englishCentreForm>;

export const englishCentreValues = z.object({
  tagline: z.string(),
  country: z.string(),
  phones: z.array(z.object({ label: z.string() })),
  callbackDelay: z.string(),
  approvalAuthority: z.string(),
});
export type EnglishCentreValues = z.infer<typeof englishCentreValues>;

/** The centre's English words carry no translationOf: its lists always follow centre.yaml's, and the check says when they do not. */
export const englishCentreDetails = <Values extends z.ZodType>(values: Values) =>
  z.object({ file: z.string(), exists: z.boolean(), values });

/**
 * A form as the admin holds it: the French values, their English twins under `english`, and
 * "The English says the same as the French" (`englishUpToDate`). A save sends the three apart
 * (contentSaveRequest); the English messages come back at `english.…`.
 */
export const withEnglish = <Shape extends z.ZodRawShape, English extends z.ZodType>(
  french: z.ZodObject<Shape>,
  english: English,
) => french.extend({ english, englishUpToDate: z.boolean() });
