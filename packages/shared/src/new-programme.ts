import { z } from 'zod';
import { slugPattern } from './blog.ts';
import { programmeForm } from './site-content.ts';
import { requiredText } from './site-content-texts.ts';

/**
 * A programme added from the admin (superAdmins): its French file and its English twin written
 * from one form, as one commit. Besides what the programme form edits, a new programme needs
 * its address, its name, its department and the texts written once with the page (its heading,
 * entry requirements, highlights and trades), in French here and in English beside them
 * (`createdEnglishProgrammeForm`).
 */
const newProgrammeTexts = z.object({
  slug: z
    .string({ error: 'The address is required' })
    .trim()
    .min(1, { error: 'The address is required' })
    .max(100, { error: 'The address must be at most 100 characters' })
    .regex(slugPattern, {
      error: 'The address is lower-case words of plain letters and digits joined by hyphens, e.g. soudure',
    }),
  title: requiredText('The title', 100),
  department: z.string({ error: 'Choose a department' }).regex(slugPattern, { error: 'Choose a department' }),
  heroTitle: requiredText('The heading', 160),
  heroSubtitle: requiredText('The sentence under the heading', 300),
  admission: z
    .array(requiredText('An entry requirement', 300))
    .min(2, { error: 'Give 2 to 5 entry requirements' })
    .max(5, { error: 'Give 2 to 5 entry requirements' }),
  highlights: z
    .array(z.object({ title: requiredText('The highlight’s title', 120), text: requiredText('The highlight’s text', 600) }))
    .length(4, { error: 'Give the 4 highlights' }),
  trades: z.array(requiredText('A trade', 60)).min(1, { error: 'Give 1 to 12 trades' }).max(12, { error: 'Give 1 to 12 trades' }),
});

export type NewProgrammeTexts = z.infer<typeof newProgrammeTexts>;

export const newProgrammeForm = (today: string) => programmeForm(today).extend(newProgrammeTexts.shape);
export type NewProgrammeForm = z.infer<ReturnType<typeof newProgrammeForm>>;

/** The French values and the English ones, each validated by its form when the programme is created. */
export const newProgrammeRequest = z.object({ values: z.unknown(), english: z.unknown() });
export type NewProgrammeRequest = z.infer<typeof newProgrammeRequest>;
