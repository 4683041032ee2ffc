import { sql } from 'drizzle-orm';
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
