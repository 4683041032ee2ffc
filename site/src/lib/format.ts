const shortDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Douala',
});

/** "12 janv. 2025": "short month, day, year", in French order. */
export function formatShortDate(date: Date): string {
  return shortDate.format(date);
}

const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Douala' });

/** "5 janvier 2027". */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}
