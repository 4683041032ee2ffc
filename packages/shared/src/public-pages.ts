import type { Locale } from './locales.ts';
import { programmePath } from './site.ts';

/**
 * The site's pages the API sends a visitor to after a form posted without JavaScript, or from a
 * newsletter e-mail's link, in each language of the site. The site's own list of addresses
 * (site/src/i18n/routes.ts) gives its pages these, and the site's tests check that it agrees.
 */
export const formAnswerPaths = {
  contactSent: { fr: '/contact/merci', en: '/en/contact/thank-you' },
  contactNotSent: { fr: '/contact/erreur', en: '/en/contact/error' },
  subscribed: { fr: '/newsletter/merci', en: '/en/newsletter/thank-you' },
  confirmationSent: { fr: '/newsletter/confirmation', en: '/en/newsletter/confirm' },
  subscriptionConfirmed: { fr: '/newsletter/confirmee', en: '/en/newsletter/confirmed' },
  unsubscribed: { fr: '/newsletter/desinscrit', en: '/en/newsletter/unsubscribed' },
  subscriptionNotSaved: { fr: '/newsletter/erreur', en: '/en/newsletter/error' },
  invalidLink: { fr: '/newsletter/lien-invalide', en: '/en/newsletter/invalid-link' },
} as const satisfies Record<string, Record<Locale, string>>;
export type FormAnswerPage = keyof typeof formAnswerPaths;

/** The site's pages the API's own answer pages lead back to (the same as the site's routes). */
export const formPagePaths = {
  home: { fr: '/', en: '/en' },
  contact: { fr: '/contact', en: '/en/contact' },
  preEnrolment: { fr: '/preinscription', en: '/en/pre-enrolment' },
  programmes: { fr: '/formations', en: '/en/programmes' },
} as const satisfies Record<string, Record<Locale, string>>;

/** A programme's page in one language, from its slug in that language (the French one is its identity). */
export function programmePathIn(locale: Locale, slug: string): string {
  return locale === 'fr' ? programmePath(slug) : `/en/programmes/${slug}`;
}
