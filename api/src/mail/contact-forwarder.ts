import type { ForwardingStatus } from '@cfp/shared';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { contactMessages } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';

const maxAttempts = 10;

/**
 * Forwards stored contact messages by e-mail. A message is stored first; a failed send
 * leaves it `failed` (visible in the admin) and it is tried again later, so nothing is lost.
 */
export class ContactForwarder {
  private readonly db: Db;
  private readonly mailer: Mailer;
  private readonly inbox: string;
  private readonly log: FastifyBaseLogger;
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<number>();

  constructor(options: { db: Db; mailer: Mailer; inbox: string; log: FastifyBaseLogger }) {
    this.db = options.db;
    this.mailer = options.mailer;
    this.inbox = options.inbox;
    this.log = options.log;
  }

  start(retryEveryMs: number): void {
    this.timer = setInterval(() => void this.retryUnsent(), retryEveryMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async forward(id: number): Promise<void> {
    if (this.inFlight.has(id)) return;
    const message = this.db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
    if (!message || message.forwarding === 'sent') return;
    this.inFlight.add(id);
    try {
      await this.mailer.send({
        to: this.inbox,
        replyTo: message.email,
        subject: `Nouveau message de ${message.firstName} ${message.lastName}${message.programme ? ` (${message.programme})` : ''}`,
        text: [
          `Prénom : ${message.firstName}`,
          `Nom : ${message.lastName}`,
          `E-mail : ${message.email}`,
          `Téléphone : ${message.phone}`,
          `Formation : ${message.programme ?? 'non précisée'}`,
          `Reçu le : ${message.createdAt.toISOString()}`,
          '',
          message.message,
        ].join('\n'),
      });
      this.setStatus(id, 'sent', null, message.forwardingAttempts + 1);
    } catch (error) {
      this.log.warn({ err: error, messageId: id }, 'contact message forwarding failed; will retry');
      this.setStatus(id, 'failed', (error as Error).message.slice(0, 500), message.forwardingAttempts + 1);
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** Tries again every message not yet sent (up to a bound of attempts). */
  async retryUnsent(): Promise<void> {
    const unsent = this.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(and(inArray(contactMessages.forwarding, ['pending', 'failed']), lt(contactMessages.forwardingAttempts, maxAttempts)))
      .limit(50)
      .all();
    for (const { id } of unsent) await this.forward(id);
  }

  private setStatus(
    id: number,
    forwarding: Extract<ForwardingStatus, 'sent' | 'failed'>,
    error: string | null,
    attempts: number,
  ) {
    this.db
      .update(contactMessages)
      .set({ forwarding, forwardingError: error, forwardingAttempts: attempts })
      .where(eq(contactMessages.id, id))
      .run();
  }
}
