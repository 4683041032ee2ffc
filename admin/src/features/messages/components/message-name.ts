import type { BestTime, ContactMessage } from '@cfp/shared';

export function fullName(message: ContactMessage): string {
  return `${message.firstName} ${message.lastName}`.trim();
}

/** The programme by its name on the site, else as the visitor sent it (a programme since removed). */
export function programmeName(message: ContactMessage): string | null {
  return message.programmeTitle ?? message.programme;
}

/** When a callback request would rather be called, as staff read it. */
export const bestTimeLabels: Record<BestTime, string> = {
  matin: 'Morning',
  midi: 'Midday',
  'apres-midi': 'Afternoon',
  soir: 'Evening',
};
