import type { Locale } from './locales.ts';

/**
 * The public site's addresses in each language, written here only: the site gives its pages
 * these, the API sends visitors to them, the admin links to them. French keeps the addresses it
 * always had; English ones are English words under /en (docs/decisions/0024).
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
  privacy: { fr: '/donnees-personnelles', en: '/en/personal-data' },
  legalNotice: { fr: '/mentions-legales', en: '/en/legal-notice' },
  /** What the diplomas (DQP, CQP…) and the school levels (BEPC, Probatoire…) mean, with their Anglophone equivalents. */
  diplomas: { fr: '/diplomes-et-niveaux', en: '/en/diplomas-and-levels' },
} as const satisfies Record<string, Record<Locale, string>>;
export type PageName = keyof typeof pagePaths;

export const pagePath = (locale: Locale, page: PageName): string => pagePaths[page][locale];

/**
 * The pages a public form lands on when it was posted without JavaScript, and those a newsletter
 * e-mail's link leads to: the API redirects to the ones of the language the visitor wrote in.
 */
export const answerPagePaths = {
  contactSent: { fr: '/contact/merci', en: '/en/contact/thank-you' },
  contactNotSent: { fr: '/contact/erreur', en: '/en/contact/error' },
  subscribed: { fr: '/newsletter/merci', en: '/en/newsletter/thank-you' },
  confirmationSent: { fr: '/newsletter/confirmation', en: '/en/newsletter/confirm' },
  subscriptionConfirmed: { fr: '/newsletter/confirmee', en: '/en/newsletter/confirmed' },
  unsubscribed: { fr: '/newsletter/desinscrit', en: '/en/newsletter/unsubscribed' },
  subscriptionNotSaved: { fr: '/newsletter/erreur', en: '/en/newsletter/error' },
  invalidLink: { fr: '/newsletter/lien-invalide', en: '/en/newsletter/invalid-link' },
} as const satisfies Record<string, Record<Locale, string>>;
export type AnswerPageName = keyof typeof answerPagePaths;

export const answerPagePath = (locale: Locale, page: AnswerPageName): string => answerPagePaths[page][locale];

/**
 * A programme's page in one language, from its slug in that language: the French slug is the
 * programme's identity (its content file's name), the English one is written in its content/en/
 * file. The French page unless told: the one the staff's links lead to.
 */
export const programmePath = (slug: string, locale: Locale = 'fr'): string =>
  locale === 'fr' ? `/formation/${slug}` : `/en/programmes/${slug}`;

/** A department's page in one language, from its slug in that language (as a programme's). */
export const departementPath = (slug: string, locale: Locale = 'fr'): string =>
  locale === 'fr' ? `/departement/${slug}` : `/en/departments/${slug}`;

/**
 * A post's page in one language. Posts are written in French; one with an English version
 * (docs/decisions/0024) has an English page too, at the same slug. The French page unless told.
 */
export const postPath = (slug: string, locale: Locale = 'fr'): string => (locale === 'fr' ? `/blog/${slug}` : `/en/blog/${slug}`);
