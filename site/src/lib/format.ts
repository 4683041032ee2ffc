import type { Locale } from '../i18n/locale.ts';

const dateFormats = (options: Intl.DateTimeFormatOptions) => ({
  fr: new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: 'Africa/Douala' }),
  en: new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'Africa/Douala' }),
});

const shortDates = dateFormats({ day: 'numeric', month: 'short', year: 'numeric' });
const longDates = dateFormats({ day: 'numeric', month: 'long', year: 'numeric' });

/** "12 janv. 2025" / "12 Jan 2025". */
export function formatShortDate(date: Date, locale: Locale = 'fr'): string {
  return shortDates[locale].format(date);
}

/** "5 janvier 2027" / "5 January 2027". */
export function formatLongDate(date: Date, locale: Locale = 'fr'): string {
  return longDates[locale].format(date);
}
