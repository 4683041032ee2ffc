import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { givenAsIs } from '../db/placeholders.ts';
import { subscribers } from '../db/schema.ts';

/** The columns a new subscription sets again on a pending address: in the language asked this time. */
const renewedColumns = ['status', 'confirmedAt', 'language'] as const;

/**
 * A pending address asked again keeps its confirmation link while the link is valid: every
 * e-mail it gets carries the same one, and an older e-mail's link still works.
 */
const keptWhileValid = (column: 'confirmationToken' | 'confirmationExpiresAt') =>
  sql`CASE WHEN excluded."status" = 'pending' AND ${subscribers.confirmationExpiresAt} > ${sql.placeholder('now')} THEN ${subscribers[column]} ELSE ${sql.raw(`excluded."${subscribers[column].name}"`)} END`;

/**
 * A subscription's upsert, prepared once: drizzle building its SQL for each request took half of
 * a subscription's CPU. A confirmed address stays as it is (no row returned); a pending one takes
 * the values given this time, its link kept while valid. The two dates, which may be null, are given in ms.
 */
export function preparedSubscribe(db: Db) {
  return db
    .insert(subscribers)
    .values({
      email: sql.placeholder('email'),
      unsubscribeToken: sql.placeholder('unsubscribeToken'),
      status: sql.placeholder('status'),
      confirmationToken: sql.placeholder('confirmationToken'),
      confirmationExpiresAt: givenAsIs('confirmationExpiresAt'),
      confirmedAt: givenAsIs('confirmedAt'),
      language: sql.placeholder('language'),
    })
    .onConflictDoUpdate({
      target: subscribers.email,
      set: {
        ...Object.fromEntries(renewedColumns.map((column) => [column, sql.raw(`excluded."${subscribers[column].name}"`)])),
        confirmationToken: keptWhileValid('confirmationToken'),
        confirmationExpiresAt: keptWhileValid('confirmationExpiresAt'),
      },
      setWhere: sql`${subscribers.status} <> 'confirmed'`,
    })
    .returning()
    .prepare();
}

/** A pending subscriber whose confirmation link is still valid at `now`, by its token. */
export function pendingSubscriber(db: Db, token: string | undefined, now: number) {
  const row = token ? db.select().from(subscribers).where(eq(subscribers.confirmationToken, token)).get() : undefined;
  return row && row.status === 'pending' && (row.confirmationExpiresAt?.getTime() ?? 0) > now ? row : undefined;
}

/** The subscriber an unsubscribe link names (its id and language), by the link's token. */
export function subscriberByUnsubscribeToken(db: Db, token: string | undefined) {
  return token
    ? db
        .select({ id: subscribers.id, language: subscribers.language })
        .from(subscribers)
        .where(eq(subscribers.unsubscribeToken, token))
        .get()
    : undefined;
}

/** The double opt-in's second step: the address is confirmed and its link used up. */
export function confirmSubscription(db: Db, id: number, now: Date): void {
  db.update(subscribers)
    .set({ status: 'confirmed', confirmedAt: now, confirmationToken: null, confirmationExpiresAt: null })
    .where(eq(subscribers.id, id))
    .run();
}

/** Forgets an address that unsubscribed: an unsubscribed visitor leaves no personal data behind. */
export function forgetSubscriber(db: Db, id: number): void {
  db.delete(subscribers).where(eq(subscribers.id, id)).run();
}
