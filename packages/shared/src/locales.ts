import { z } from 'zod';

/**
 * The public site's languages: French, its first, and English for Cameroon's Anglophone
 * students. A form says which one it was sent from; the API answers, and writes to the
 * student, in it; the staff see it and reply in it.
 */
export const locales = ['fr', 'en'] as const;
export type Locale = (typeof locales)[number];
export const localeSchema = z.enum(locales);

/** For Intl: Cameroon's two official languages. */
export const regionalLocale: Record<Locale, string> = { fr: 'fr-CM', en: 'en-CM' };
