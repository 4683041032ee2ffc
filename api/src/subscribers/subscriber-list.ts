import type { Subscriber, SubscriberFilterQuery } from '@cfp/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { listPage } from '../db/paging.ts';
import { subscribers } from '../db/schema.ts';
import { containsText } from '../db/text-search.ts';
import { csvBatchSize } from '../http/csv-export.ts';

export type SubscriberRow = typeof subscribers.$inferSelect;

/** Sends in a row an address may refuse before it is left out of the newsletter (decision 0040). */
export const bouncesBeforeLeftOut = 3;

export const isBouncing = (bounceStreak: number) => bounceStreak >= bouncesBeforeLeftOut;

export function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    _id: row.id,
    email: row.email,
    status: row.status,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    bouncing: isBouncing(row.bounceStreak),
  };
}

function subscriberFilter(query: SubscriberFilterQuery): SQL | undefined {
  return and(
    query.status ? eq(subscribers.status, query.status) : undefined,
    query.q ? containsText(subscribers.email, query.q) : undefined,
  );
}

const newestFirst = [desc(subscribers.createdAt), desc(subscribers.id)];

/** One page of the subscribers the filters select, newest first, with how many they select in all. */
export function subscriberPage(db: Db, query: SubscriberFilterQuery & { page: number }) {
  const where = subscriberFilter(query);
  return listPage(
    query.page,
    ({ limit, offset }) =>
      db
        .select()
        .from(subscribers)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset)
        .all(),
    db.select({ total: count() }).from(subscribers).where(where).get()?.total ?? 0,
  );
}

/** Every subscriber, newest first. */
export function allSubscribers(db: Db): SubscriberRow[] {
  return db
    .select()
    .from(subscribers)
    .orderBy(...newestFirst)
    .all();
}

/** The next rows of an export, oldest first, after the last one written (keyset: no OFFSET to rescan). */
export function subscriberBatch(db: Db, query: SubscriberFilterQuery, last: SubscriberRow | undefined): SubscriberRow[] {
  const after = last && sql`(${subscribers.createdAt}, ${subscribers.id}) > (${last.createdAt.getTime()}, ${last.id})`;
  return db
    .select()
    .from(subscribers)
    .where(and(subscriberFilter(query), after))
    .orderBy(subscribers.createdAt, subscribers.id)
    .limit(csvBatchSize)
    .all();
}

/** Deletes a subscriber; the row it was, or undefined when there was none. */
export function deleteSubscriber(db: Db, id: number): SubscriberRow | undefined {
  return db.delete(subscribers).where(eq(subscribers.id, id)).returning().get();
}
