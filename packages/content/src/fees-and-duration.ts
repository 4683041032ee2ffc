import type { Locale } from '@cfp/shared';
import type { Programme } from './schemas.ts';

const words = {
  fr: {
    month: 'mois',
    months: 'mois',
    registration: 'Inscription',
    tuition: 'Formation complète',
    payment: 'Paiement',
    instalments: (count: number) => `en ${count}\u00a0versements`,
    colon: '\u00a0: ',
  },
  en: {
    month: 'month',
    months: 'months',
    registration: 'Registration',
    tuition: 'Whole programme',
    payment: 'Payment',
    instalments: (count: number) => `in ${count}\u00a0instalments`,
    colon: ': ',
  },
};

/** "9 mois" / "9 months": how the pages say a programme's duration, from its one field. */
export function formatDuration(months: number, locale: Locale = 'fr'): string {
  return `${months}\u00a0${months === 1 ? words[locale].month : words[locale].months}`;
}

const groupedDigits = { fr: new Intl.NumberFormat('fr-FR'), en: new Intl.NumberFormat('en-GB') };

/** "150 000 FCFA" / "150,000 FCFA", with no-break spaces (French groups digits with a narrow one, which phones render unevenly). */
export function formatFees(amount: number, locale: Locale = 'fr'): string {
  return `${groupedDigits[locale].format(amount).replace(/\u202f/g, '\u00a0')} FCFA`;
}

/** The fees a programme has published, one line each, as the programme page and the pre-enrolment confirmation print them. */
export function feeLines(fees: Programme['fees'], locale: Locale = 'fr'): string[] {
  const { registration, tuition, payment, instalments, colon } = words[locale];
  return [
    fees?.registration !== undefined && `${registration}${colon}${formatFees(fees.registration, locale)}`,
    fees?.tuition !== undefined && `${tuition}${colon}${formatFees(fees.tuition, locale)}`,
    fees?.instalments !== undefined && `${payment}${colon}${instalments(fees.instalments)}`,
  ].filter((line): line is string => Boolean(line));
}

/**
 * The enrolment documents as a page in one language lists them: the English twin's on an English
 * page, or, while it has none, the French list marked as French (`lang`), which the page says.
 */
export function documentsIn(
  locale: Locale,
  french: readonly string[] | undefined,
  english: readonly string[] | undefined,
): { items: string[]; lang: Locale } | undefined {
  if (locale === 'en' && english && english.length > 0) return { items: [...english], lang: 'en' };
  return french && french.length > 0 ? { items: [...french], lang: 'fr' } : undefined;
}
