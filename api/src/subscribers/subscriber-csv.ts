import { staffLanguageLabels, subscriberStatusLabels } from '@cfp/shared';
import { type CsvColumn, csvDateTime } from '../http/csv-export.ts';
import { isBouncing, type SubscriberRow } from './subscriber-list.ts';

/** The export's columns, in the staff's words. */
export function subscriberCsvColumns(timeZone: string): CsvColumn<SubscriberRow>[] {
  return [
    { header: 'Email', cell: (row) => row.email },
    { header: 'Status', cell: (row) => subscriberStatusLabels[row.status] },
    { header: 'Subscribed on', cell: (row) => csvDateTime(row.createdAt, timeZone) },
    { header: 'Confirmed on', cell: (row) => csvDateTime(row.confirmedAt, timeZone) },
    { header: 'Language', cell: (row) => staffLanguageLabels[row.language] },
    { header: 'Bouncing', cell: (row) => (isBouncing(row.bounceStreak) ? 'Yes' : 'No') },
  ];
}
