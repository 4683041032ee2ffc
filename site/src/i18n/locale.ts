/**
 * The site's two languages: French, its first, at the addresses it always had, and English
 * under /en (docs/decisions/0024). A page's language is read from its URL, so a component
 * knows it without being told.
 */
import { type Locale, localeOfPath } from '@cfp/shared';

export { type Locale, locales } from '@cfp/shared';

/** At build time a page's URL names its file: `/en.html` (the English home page) is English too. */
export const localeOf = (url: URL): Locale => localeOfPath(url.pathname.replace(/(\/index)?\.html$/, ''));

/** The same words in both languages, the English of the same shape as the French. */
export const localized = <T>(locale: Locale, texts: { fr: T; en: NoInfer<T> }): T => texts[locale];

/** Each language named in itself, as a link to it says it. */
export const languageNames: Record<Locale, { own: string; short: string; thisPage: string }> = {
  fr: { own: 'Français', short: 'FR', thisPage: 'Cette page en français' },
  en: { own: 'English', short: 'EN', thisPage: 'This page in English' },
};

export const openGraphLocale: Record<Locale, string> = { fr: 'fr_FR', en: 'en_GB' };
