import type { Locale, NewsletterCounts, NewsletterFailure, NewsletterSend, NewsletterSendState } from '@cfp/shared';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { admins, newsletterRecipients, newsletterSends, subscribers } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import { bouncesBeforeLeftOut } from '../subscribers/subscriber-list.ts';
import type { ComposedNewsletter } from './newsletter-letters.ts';

/** The rows still to send: queued, or deferred until their back-off is over. */
export const unsentStatuses = ['queued', 'deferred'] as const;

const receivesNewsletter = and(eq(subscribers.status, 'confirmed'), lt(subscribers.bounceStreak, bouncesBeforeLeftOut));

/** Who would get a send now, by language: confirmed subscribers, bouncing addresses left out. */
export function newsletterAudience(db: Db): Record<Locale, number> & { total: number } {
  const rows = db
    .select({ language: subscribers.language, recipients: count() })
    .from(subscribers)
    .where(receivesNewsletter)
    .groupBy(subscribers.language)
    .all();
  const of = (language: Locale) => rows.find((row) => row.language === language)?.recipients ?? 0;
  return { fr: of('fr'), en: of('en'), total: of('fr') + of('en') };
}

/**
 * Queues a send: the send with its e-mails, and one row per recipient counted at this moment,
 * copied from subscribers by one INSERT … SELECT in the same transaction. A post sent before
 * is refused (409) unless `again`; no recipient is a 400 (nothing is written).
 */
export function queueSend(db: Db, newsletter: ComposedNewsletter, options: { sentById: number; again: boolean }): number {
  return db.transaction((tx) => {
    if (newsletter.postId !== null && !options.again) {
      const earlier = tx
        .select({ createdAt: newsletterSends.createdAt })
        .from(newsletterSends)
        .where(eq(newsletterSends.postId, newsletter.postId))
        .orderBy(desc(newsletterSends.id))
        .get();
      if (earlier)
        throw new HttpError(
          409,
          `This post was already sent to the subscribers on ${earlier.createdAt.toISOString().slice(0, 10)}: to send it again, confirm it (again: true)`,
        );
    }
    const { fr, en } = newsletter.mails;
    const send = tx
      .insert(newsletterSends)
      .values({
        kind: newsletter.kind,
        postId: newsletter.postId,
        sentById: options.sentById,
        subjectFr: fr.subject,
        htmlFr: fr.html,
        textFr: fr.text,
        subjectEn: en.subject,
        htmlEn: en.html,
        textEn: en.text,
      })
      .returning({ id: newsletterSends.id })
      .get();
    const queued = tx.run(sql`
      insert into ${newsletterRecipients} (send_id, subscriber_id, language)
      select ${send.id}, ${subscribers.id}, ${subscribers.language} from ${subscribers}
      where ${receivesNewsletter} order by ${subscribers.id}`);
    if (queued.changes === 0) throw new HttpError(400, 'There is no confirmed subscriber to send it to');
    return send.id;
  });
}

/** Stops a send: its queued and deferred e-mails are cancelled, those sent stay sent. False for no such send; 409 once it ended. */
export function cancelSend(db: Db, id: number): boolean {
  return db.transaction((tx) => {
    const send = tx.select({ state: newsletterSends.state }).from(newsletterSends).where(eq(newsletterSends.id, id)).get();
    if (!send) return false;
    if (send.state !== 'sending')
      throw new HttpError(409, `This send is already ${send.state === 'done' ? 'finished' : 'cancelled'}`);
    tx.update(newsletterRecipients)
      .set({ status: 'cancelled' })
      .where(and(eq(newsletterRecipients.sendId, id), inArray(newsletterRecipients.status, unsentStatuses)))
      .run();
    tx.update(newsletterSends).set({ state: 'cancelled', finishedAt: new Date() }).where(eq(newsletterSends.id, id)).run();
    return true;
  });
}

const noCounts = (): NewsletterCounts => ({ queued: 0, deferred: 0, sent: 0, failed: 0, bounced: 0, cancelled: 0 });

const sendColumns = {
  id: newsletterSends.id,
  kind: newsletterSends.kind,
  postId: newsletterSends.postId,
  subject: newsletterSends.subjectFr,
  sentBy: admins.username,
  createdAt: newsletterSends.createdAt,
  finishedAt: newsletterSends.finishedAt,
  state: newsletterSends.state,
};

/** The sends of `ids`' recipients counted by status, in one query. */
function countsOf(db: Db, ids: number[]): Map<number, NewsletterCounts> {
  const counts = new Map(ids.map((id) => [id, noCounts()]));
  if (ids.length === 0) return counts;
  const rows = db
    .select({ sendId: newsletterRecipients.sendId, status: newsletterRecipients.status, recipients: count() })
    .from(newsletterRecipients)
    .where(inArray(newsletterRecipients.sendId, ids))
    .groupBy(newsletterRecipients.sendId, newsletterRecipients.status)
    .all();
  for (const row of rows) {
    const sendCounts = counts.get(row.sendId);
    if (sendCounts) sendCounts[row.status] = row.recipients;
  }
  return counts;
}

interface SendRow {
  id: number;
  kind: NewsletterSend['kind'];
  postId: number | null;
  subject: string;
  sentBy: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  state: NewsletterSendState;
}

function toSend(row: SendRow, counts: NewsletterCounts): NewsletterSend {
  return {
    _id: row.id,
    subject: row.subject,
    kind: row.kind,
    postId: row.postId,
    sentBy: row.sentBy ?? '',
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    state: row.state,
    recipients: Object.values(counts).reduce((sum, value) => sum + value, 0),
    counts,
  };
}

/** The latest sends, newest first, each with its recipients counted by status. */
export function latestSends(db: Db, limit: number): NewsletterSend[] {
  const rows = db
    .select(sendColumns)
    .from(newsletterSends)
    .leftJoin(admins, eq(admins.id, newsletterSends.sentById))
    .orderBy(desc(newsletterSends.id))
    .limit(limit)
    .all();
  const counts = countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSend(row, counts.get(row.id) ?? noCounts()));
}

/** One send, undefined when there is none. */
export function findSend(db: Db, id: number): NewsletterSend | undefined {
  const row = db
    .select(sendColumns)
    .from(newsletterSends)
    .leftJoin(admins, eq(admins.id, newsletterSends.sentById))
    .where(eq(newsletterSends.id, id))
    .get();
  return row && toSend(row, countsOf(db, [id]).get(id) ?? noCounts());
}

/** A send's e-mails that failed or wait for a retry, with the SMTP server's answer (addresses unsubscribed since are gone). */
export function sendFailures(db: Db, id: number, limit: number): NewsletterFailure[] {
  return db
    .select({
      email: subscribers.email,
      language: newsletterRecipients.language,
      status: newsletterRecipients.status,
      attempts: newsletterRecipients.attempts,
      smtpAnswer: newsletterRecipients.smtpAnswer,
    })
    .from(newsletterRecipients)
    .innerJoin(subscribers, eq(subscribers.id, newsletterRecipients.subscriberId))
    .where(and(eq(newsletterRecipients.sendId, id), inArray(newsletterRecipients.status, ['deferred', 'failed', 'bounced'])))
    .orderBy(newsletterRecipients.id)
    .limit(limit)
    .all() as NewsletterFailure[];
}

/** E-mails not sent yet to addresses unsubscribed since (deleted, decision 0002) are not sent: cancelled. */
export function cancelForgottenRecipients(db: Db): void {
  db.update(newsletterRecipients)
    .set({ status: 'cancelled' })
    .where(and(inArray(newsletterRecipients.status, unsentStatuses), isNull(newsletterRecipients.subscriberId)))
    .run();
}

/** Sends with no e-mail left to send (none queued, deferred or being sent) are done. */
export function finishSends(db: Db, now: Date): void {
  db.update(newsletterSends)
    .set({ state: 'done', finishedAt: now })
    .where(
      and(
        eq(newsletterSends.state, 'sending'),
        sql`not exists (select 1 from ${newsletterRecipients} where ${newsletterRecipients.sendId} = ${newsletterSends.id}
          and ${inArray(newsletterRecipients.status, unsentStatuses)})`,
      ),
    )
    .run();
}
