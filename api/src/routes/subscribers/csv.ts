import type { Subscriber } from '@cfp/shared';
import type { subscribers } from '../../db/schema.ts';

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

/** Quotes a cell, and defuses values a spreadsheet would run as a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function subscribersCsv(rows: SubscriberRow[]): string {
  const lines = rows.map((row) => {
    const subscriber = toSubscriber(row);
    return [subscriber.email, subscriber.status, subscriber.createdAt, subscriber.confirmedAt ?? ''].map(cell).join(',');
  });
  return `${['email', 'status', 'createdAt', 'confirmedAt'].join(',')}\r\n${lines.map((line) => `${line}\r\n`).join('')}`;
}
