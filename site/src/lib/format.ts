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

export const entryLevelLabels = {
  aucun: 'Aucun diplôme requis',
  cep: 'CEP',
  bepc: 'BEPC',
  probatoire: 'Probatoire',
  bac: 'Baccalauréat',
} as const;

export const scheduleLabels = {
  jour: 'Cours du jour',
  soir: 'Cours du soir',
  weekend: 'Week-end',
} as const;

const fcfa = new Intl.NumberFormat('fr-FR');

export function formatFees(amount: number): string {
  return `${fcfa.format(amount).replace(/\u202f/g, '\u00a0')} FCFA`;
}
