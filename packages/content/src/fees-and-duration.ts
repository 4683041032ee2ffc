import type { Programme } from './schemas.ts';

const fcfa = new Intl.NumberFormat('fr-FR');

/** "9 mois": how the pages say a programme's duration, from its one field. */
export function formatDuration(months: number): string {
  return `${months}\u00a0mois`;
}

/** "150 000 FCFA", with no-break spaces (French groups digits with a narrow one, which phones render unevenly). */
export function formatFees(amount: number): string {
  return `${fcfa.format(amount).replace(/\u202f/g, '\u00a0')} FCFA`;
}

/** The fees a programme has published, one line each, as the programme page and the pre-enrolment confirmation print them. */
export function feeLines(fees: Programme['fees']): string[] {
  return [
    fees?.registration !== undefined && `Inscription\u00a0: ${formatFees(fees.registration)}`,
    fees?.tuition !== undefined && `Formation complète\u00a0: ${formatFees(fees.tuition)}`,
    fees?.instalments && `Paiement\u00a0: ${fees.instalments}`,
  ].filter((line): line is string => Boolean(line));
}
