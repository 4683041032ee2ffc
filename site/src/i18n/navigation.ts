import type { Locale } from './locale.ts';
import { type PageName, pagePath } from './routes.ts';

/** What the navigation calls each page it leads to: the header's menu, the footer's site map, the bottom bar. */
export const pageLabels = {
  home: { fr: 'Accueil', en: 'Home' },
  programmes: { fr: 'Formations', en: 'Programmes' },
  preEnrolment: { fr: 'S’inscrire', en: 'Apply' },
  about: { fr: 'À propos', en: 'About' },
  contact: { fr: 'Contact', en: 'Contact' },
  blog: { fr: 'Blog', en: 'Blog' },
  faq: { fr: 'FAQ', en: 'FAQ' },
} as const satisfies Partial<Record<PageName, Record<Locale, string>>>;

/**
 * The site's main pages, in the order the header's menu lists them; the footer's site map lists
 * the same, as it is the menu without JavaScript (the header's "Menu" link leads to it).
 */
const mainPages = ['home', 'programmes', 'preEnrolment', 'about', 'contact', 'blog', 'faq'] as const;

export const mainPageLinks = (locale: Locale) =>
  mainPages.map((page) => ({ page, href: pagePath(locale, page), label: pageLabels[page][locale] }));
