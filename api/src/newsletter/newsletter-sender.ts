import type { Locale } from '@cfp/shared';
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { newsletterRecipients, newsletterSends, subscribers } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type NewsletterMail, personalised, unsubscribeHeaders, unsubscribeUrl } from './newsletter-mail.ts';
import { cancelForgottenRecipients, finishSends, unsentStatuses } from './newsletter-queue.ts';

/** After a temporary failure (4xx, timeout, connection), the next attempt waits this long; past the list, the e-mail has failed. */
export const retryBackOffMs = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 4 * 60 * 60_000];

/**
 * The rate's window, a second longer than the minute it is set for: an e-mail's arrival at the
 * SMTP server lags its start by a little, never by a second on a working server (decision 0040).
 */
const rateWindowMs = 61_000;

/**
 * A claim this old belongs to no running send: the longest a send may take is the SMTP
 * timeouts' sum (connection, greeting, socket: 40 s); a restart releases every claim at once.
 */
const staleClaimMs = 5 * 60_000;

interface SenderOptions {
  db: Db;
  /** A pooled mailer (createMailer's `pooled`): one connection carries many e-mails. */
  mailer: Mailer;
  apiUrl: string;
  /** The host of the e-mails' Message-IDs: the site's. */
  messageIdHost: string;
  ratePerMinute: number;
  log: FastifyBaseLogger;
}

interface ClaimedRow {
  id: number;
  sendId: number;
  subscriberId: number;
  language: Locale;
  attempts: number;
  email: string;
  token: string;
}

/** Where an SMTP failure leaves an e-mail: refused for good (a 5xx to the address or the message), or to try again. */
function isPermanent(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: number; code?: string };
  // A 5xx to the login or the connection is the account's problem, not the address's.
  return typeof responseCode === 'number' && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

const smtpAnswerOf = (error: unknown) => {
  const { response, message } = error as { response?: string; message?: string };
  return (response ?? message ?? String(error)).slice(0, 500);
};

/**
 * Sends the queued newsletter e-mails (decision 0040): in batches on a timer, at most
 * `ratePerMinute` attempts in any window of a minute (counted from the database, so a restart
 * keeps the pace), each row claimed in a transaction before its e-mail goes and marked with its
 * outcome the moment the SMTP server answers.
 */
export class NewsletterSender {
  private readonly options: SenderOptions;
  private readonly tickMs: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(options: SenderOptions) {
    this.options = options;
    // One batch a second at most, fewer at a low rate: 20 a minute is one e-mail every three seconds.
    this.tickMs = Math.max(1000, Math.ceil(60_000 / options.ratePerMinute));
    this.batchSize = Math.ceil((options.ratePerMinute * this.tickMs) / 60_000);
  }

  /** Releases the claims of a process that stopped mid-send (they are sent again, decision 0040), then sends. */
  start(): void {
    const released = this.options.db
      .update(newsletterRecipients)
      .set({ claimedAt: null })
      .where(isNotNull(newsletterRecipients.claimedAt))
      .run().changes;
    if (released > 0) this.options.log.warn({ released }, `${released} newsletter e-mails interrupted by a stop are sent again`);
    this.stopped = false;
    this.schedule(0);
  }

  /** Waits for the batch under way, and sends nothing more. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** A send was queued: its first batch need not wait for the next tick. */
  wake(): void {
    if (!this.running && !this.stopped) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.sendBatch()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'newsletter batch failed; next one in a moment'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.tickMs);
        });
    }, delayMs).unref();
  }

  private async sendBatch(): Promise<void> {
    const { db } = this.options;
    const sending = db
      .select({ id: newsletterSends.id })
      .from(newsletterSends)
      .where(eq(newsletterSends.state, 'sending'))
      .limit(1)
      .get();
    if (!sending) return;
    cancelForgottenRecipients(db);
    const now = Date.now();
    const attemptedLately =
      db
        .select({ attempts: count() })
        .from(newsletterRecipients)
        .where(gt(newsletterRecipients.attemptedAt, now - rateWindowMs))
        .get()?.attempts ?? 0;
    const room = Math.min(this.batchSize, this.options.ratePerMinute - attemptedLately);
    const rows = room > 0 ? this.claim(room, now) : [];
    const mails = this.mailsOf([...new Set(rows.map((row) => row.sendId))]);
    await Promise.all(rows.map((row) => this.sendOne(row, mails)));
    finishSends(db, new Date());
  }

  /** Takes the next due rows, in one transaction. */
  private claim(limit: number, now: number): ClaimedRow[] {
    const { db } = this.options;
    return db.transaction((tx) => {
      const rows = tx
        .select({
          id: newsletterRecipients.id,
          sendId: newsletterRecipients.sendId,
          subscriberId: subscribers.id,
          language: newsletterRecipients.language,
          attempts: newsletterRecipients.attempts,
          email: subscribers.email,
          token: subscribers.unsubscribeToken,
        })
        .from(newsletterRecipients)
        .innerJoin(subscribers, eq(subscribers.id, newsletterRecipients.subscriberId))
        .where(
          and(
            inArray(newsletterRecipients.status, unsentStatuses),
            lte(newsletterRecipients.nextAttemptAt, now),
            or(isNull(newsletterRecipients.claimedAt), lt(newsletterRecipients.claimedAt, now - staleClaimMs)),
          ),
        )
        .orderBy(newsletterRecipients.nextAttemptAt, newsletterRecipients.id)
        .limit(limit)
        .all();
      if (rows.length > 0)
        tx.update(newsletterRecipients)
          .set({ claimedAt: now, attemptedAt: now })
          .where(
            inArray(
              newsletterRecipients.id,
              rows.map((row) => row.id),
            ),
          )
          .run();
      return rows;
    });
  }

  /** The stored e-mails of the sends given, by send and language. */
  private mailsOf(sendIds: number[]): Map<number, Record<Locale, NewsletterMail>> {
    if (sendIds.length === 0) return new Map();
    const sends = this.options.db.select().from(newsletterSends).where(inArray(newsletterSends.id, sendIds)).all();
    return new Map(
      sends.map((send) => [
        send.id,
        {
          fr: { subject: send.subjectFr, html: send.htmlFr, text: send.textFr },
          en: { subject: send.subjectEn, html: send.htmlEn, text: send.textEn },
        },
      ]),
    );
  }

  private async sendOne(row: ClaimedRow, mails: Map<number, Record<Locale, NewsletterMail>>): Promise<void> {
    const { mailer, apiUrl, messageIdHost } = this.options;
    const stored = mails.get(row.sendId)?.[row.language];
    if (!stored) return;
    const url = unsubscribeUrl(apiUrl, row.token, row.language);
    try {
      await mailer.send({
        to: row.email,
        ...personalised(stored, url),
        // The same for every attempt: a copy sent again after a crash can be told apart (decision 0040).
        messageId: `<newsletter-${row.sendId}-${row.id}@${messageIdHost}>`,
        headers: unsubscribeHeaders(url),
      });
    } catch (error) {
      this.markFailure(row, error);
      return;
    }
    this.markSent(row);
  }

  /** Sent: marked at once (the window where a kill could send it twice, decision 0040); the address's bounces start over. */
  private markSent(row: ClaimedRow): void {
    const { db } = this.options;
    db.transaction((tx) => {
      tx.update(newsletterRecipients)
        .set({ status: 'sent', claimedAt: null, attempts: row.attempts + 1, smtpAnswer: '' })
        .where(eq(newsletterRecipients.id, row.id))
        .run();
      tx.update(subscribers).set({ bounceStreak: 0 }).where(eq(subscribers.id, row.subscriberId)).run();
    });
  }

  private markFailure(row: ClaimedRow, error: unknown): void {
    const { db, log } = this.options;
    const attempts = row.attempts + 1;
    const smtpAnswer = smtpAnswerOf(error);
    const permanent = isPermanent(error);
    const backOff = retryBackOffMs[attempts - 1];
    const status = permanent ? 'bounced' : backOff === undefined ? 'failed' : 'deferred';
    log.warn({ recipient: row.id, send: row.sendId, smtpAnswer }, `newsletter e-mail ${status}`);
    db.transaction((tx) => {
      // A send cancelled meanwhile keeps the row cancelled.
      tx.update(newsletterRecipients)
        .set({ status, attempts, smtpAnswer, claimedAt: null, nextAttemptAt: Date.now() + (backOff ?? 0) })
        .where(and(eq(newsletterRecipients.id, row.id), inArray(newsletterRecipients.status, unsentStatuses)))
        .run();
      tx.update(newsletterRecipients).set({ claimedAt: null }).where(eq(newsletterRecipients.id, row.id)).run();
      if (permanent)
        tx.update(subscribers)
          .set({ bounceStreak: sql`${subscribers.bounceStreak} + 1` })
          .where(eq(subscribers.id, row.subscriberId))
          .run();
    });
  }
}
