import type { Subscriber } from '@cfp/shared';
import type { subscribers } from '../../db/schema.ts';
import { csvDateTime, csvDocument } from '../../http-csv.ts';

type SubscriberRow = typeof subscribers.$inferSelect;

export function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    _id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
  };
}

export function subscribersCsv(rows: SubscriberRow[], timeZone: string): string {
  return csvDocument(
    ['email', 'status', 'createdAt', 'confirmedAt'],
    rows.map((row) => [row.email, row.status, csvDateTime(row.createdAt, timeZone), csvDateTime(row.confirmedAt, timeZone)]),
  );
}
