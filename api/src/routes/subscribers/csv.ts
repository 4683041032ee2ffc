import { type Subscriber, type SubscriberFilterQuery, staffLanguageLabels, subscriberStatusLabels } from '@cfp/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import { csvDateTime } from '../../csv-export.ts';
import { subscribers } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';

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

export const subscriberCsvHeader = ['Email', 'Status', 'Subscribed on', 'Confirmed on', 'Language'];

export function subscriberCsvCells(row: SubscriberRow, timeZone: string): string[] {
  return [
    row.email,
    subscriberStatusLabels[row.status],
    csvDateTime(row.createdAt, timeZone),
    csvDateTime(row.confirmedAt, timeZone),
    staffLanguageLabels[row.language],
  ];
}
