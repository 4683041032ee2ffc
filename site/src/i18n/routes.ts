import { type FormAnswerPage, formAnswerPaths } from '@cfp/shared';
import type { Locale } from './locale.ts';

/**
 * The site's addresses in each language. French keeps the addresses it always had; English
 * ones are English words under /en, and a programme or department has its English slug
 * (written in its content/en/ file). Never build a page's address elsewhere.
 */
export const pagePaths = {
  home: { fr: '/', en: '/en' },
  about: { fr: '/about', en: '/en/about' },
  programmes: { fr: '/formations', en: '/en/programmes' },
  contact: { fr: '/contact', en: '/en/contact' },
  faq: { fr: '/faq', en: '/en/faq' },
  preEnrolment: { fr: '/preinscription', en: '/en/pre-enrolment' },
  blog: { fr: '/blog', en: '/en/blog' },
  offline: { fr: '/offline', en: '/en/offline' },
} as const satisfies Record<string, Record<Locale, string>>;

export type PageName = keyof typeof pagePaths;

export const pagePath = (locale: Locale, page: PageName): string => pagePaths[page][locale];

/** Something with an address in each language: a programme, a department (its slug in each). */
export interface Slugs {
  slugs: Record<Locale, string>;
}

export const programmePath = (locale: Locale, { slugs }: Slugs) =>
  locale === 'fr' ? `/formation/${slugs.fr}` : `/en/programmes/${slugs.en}`;

export const departementPath = (locale: Locale, { slugs }: Slugs) =>
  locale === 'fr' ? `/departement/${slugs.fr}` : `/en/departments/${slugs.en}`;

/** A post is written in French: its page is the French one, whichever language lists it. */
export const postPath = (slug: string) => `/blog/${slug}`;

/** A page's address in each language, for the language switch and the hreflang links. */
export type Alternates = Record<Locale, string>;

export const pageAlternates = (page: PageName): Alternates => pagePaths[page];
export const programmeAlternates = (programme: Slugs): Alternates => ({
  fr: programmePath('fr', programme),
  en: programmePath('en', programme),
});
export const departementAlternates = (departement: Slugs): Alternates => ({
  fr: departementPath('fr', departement),
  en: departementPath('en', departement),
});

/**
 * The pages a form lands on when it was posted without JavaScript, and those a newsletter
 * e-mail's link leads to, in each language. The API redirects to them: the addresses are written
 * once, in @cfp/shared (`formAnswerPaths`), which both read.
 */
export const answerPagePaths = formAnswerPaths;
export type AnswerPageName = FormAnswerPage;
export const answerPagePath = (locale: Locale, page: AnswerPageName): string => answerPagePaths[page][locale];
export const answerPageAlternates = (page: AnswerPageName): Alternates => answerPagePaths[page];
