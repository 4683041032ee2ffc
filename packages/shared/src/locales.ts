import { z } from 'zod';

/**
 * The public site's languages: French, its first, and English for Cameroon's Anglophone
 * students. A form says which one it was sent from; the API answers, and writes to the
 * student, in it; the staff see it and reply in it.
 */
export const locales = ['fr', 'en'] as const;
export type Locale = (typeof locales)[number];
export const localeSchema = z.enum(locales);

/** English pages are under /en; everything else is French, at the addresses the site always had. */
export const englishPrefix = '/en';

export const localeOfPath = (pathname: string): Locale =>
  pathname === englishPrefix || pathname.startsWith(`${englishPrefix}/`) ? 'en' : 'fr';

/** The site's page for an address it has no page for, in the address's language. */
export const notFoundPageOf = (pathname: string): string => (localeOfPath(pathname) === 'en' ? 'en/404.html' : '404.html');

/** Each language as the staff name it, in the admin and its exports. */
export const staffLanguageLabels: Record<Locale, string> = { fr: 'French', en: 'English' };
