import { englishCentreDocument, englishFaqDocument, englishProgrammeDocument } from '@cfp/content/editing';
import { z } from 'zod';
import type { EnglishTwin } from '../../content/content-editor.ts';

/** A programme's address in the content routes' paths. */
export const slugParams = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'slug is a programme’s address, such as soudure' }),
});

/** The English twin of each form's French document. */
export const englishCentre: EnglishTwin = () => englishCentreDocument;
export const englishFaq: EnglishTwin = () => englishFaqDocument;
export const englishProgramme =
  (slug: string): EnglishTwin =>
  (exists) =>
    englishProgrammeDocument(slug, !exists);
