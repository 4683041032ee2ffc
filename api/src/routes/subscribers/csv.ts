import { type Subscriber, type SubscriberFilterQuery, staffLanguageLabels, subscriberStatusLabels } from '@cfp/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import { subscribers } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';
import { type CsvColumn, csvDateTime } from '../../http/csv-export.ts';

export type SubscriberRow = typeof subscribers.$inferSelect;

export function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    _id: row.id,
    email: row.email,
    status: row.status,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
  };
}

export function subscriberFilter(query: SubscriberFilterQuery): SQL | undefined {
  return and(
    query.status ? eq(subscribers.status, query.status) : undefined,
    query.q ? containsText(subscribers.email, query.q) : undefined,
  );
}

/** The export's columns, in the staff's words. */
export function subscriberCsvColumns(timeZone: string): CsvColumn<SubscriberRow>[] {
  return [
    { header: 'Email', cell: (row) => row.email },
    { header: 'Status', cell: (row) => subscriberStatusLabels[row.status] },
    { header: 'Subscribed on', cell: (row) => csvDateTime(row.createdAt, timeZone) },
    { header: 'Confirmed on', cell: (row) => csvDateTime(row.confirmedAt, timeZone) },
    { header: 'Language', cell: (row) => staffLanguageLabels[row.language] },
  ];
}
