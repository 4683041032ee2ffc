import type { BestTime, MessageStatus, MessageSummary } from '@cfp/shared';

/** What a list row and the reader both have. */
type Named = Pick<MessageSummary, 'firstName' | 'lastName' | 'programme' | 'programmeTitle'>;

export function fullName(message: Pick<Named, 'firstName' | 'lastName'>): string {
  return `${message.firstName} ${message.lastName}`.trim();
}

/** The programme by its name on the site, else as the visitor sent it (a programme since removed). */
export function programmeName(message: Named): string | null {
  return message.programmeTitle ?? message.programme;
}

/** A message's status as staff read it. */
export const statusLabels: Record<MessageStatus, string> = { new: 'Unread', read: 'Read', handled: 'Handled' };

/** When a callback request would rather be called, as staff read it. */
export const bestTimeLabels: Record<BestTime, string> = {
  matin: 'Morning',
  midi: 'Midday',
  'apres-midi': 'Afternoon',
  soir: 'Evening',
};
