import type { ForwardingStatus } from '@cfp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, OutgoingMail } from './mailer.ts';

const maxAttempts = 10;

/** Where one e-mail of a record stands: null when the record has none to send (no address). */
interface Delivery {
  status: ForwardingStatus | null;
  attempts: number;
}

/**
 * A kind of record sent by e-mail (contact messages and pre-enrolments to the staff, the
 * confirmation to a student), as its sender reads and marks it.
 */
export interface Outbox<Row> {
  /** For the log: "contact message", "application". */
  name: string;
  load(id: number): Row | undefined;
  delivery(row: Row): Delivery;
  /** Ids of the records not sent yet, failed ones included, under the attempt bound. */
  unsent(maxAttempts: number, limit: number): number[];
  mark(id: number, forwarding: Extract<ForwardingStatus, 'sent' | 'failed'>, error: string | null, attempts: number): void;
  /** Without `to`, the mail goes to the staff's inbox. */
  compose(row: Row): Omit<OutgoingMail, 'to'> & { to?: string };
}

/**
 * Sends an outbox's stored records by e-mail (to the staff's inbox unless the outbox names
 * someone). A record is stored first; a failed send leaves it `failed` (visible in the admin)
 * and it is tried again later, so nothing is lost.
 */
export class OutboxSender<Row> {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<number>();
  private readonly options: { outbox: Outbox<Row>; mailer: Mailer; inbox: string; log: FastifyBaseLogger };

  constructor(options: { outbox: Outbox<Row>; mailer: Mailer; inbox: string; log: FastifyBaseLogger }) {
    this.options = options;
  }

  start(retryEveryMs: number): void {
    this.timer = setInterval(() => void this.retryUnsent(), retryEveryMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async send(id: number): Promise<void> {
    const { outbox, mailer, inbox, log } = this.options;
    if (this.inFlight.has(id)) return;
    const row = outbox.load(id);
    if (!row) return;
    const { status, attempts } = outbox.delivery(row);
    if (status !== 'pending' && status !== 'failed') return;
    this.inFlight.add(id);
    try {
      await mailer.send({ to: inbox, ...outbox.compose(row) });
      outbox.mark(id, 'sent', null, attempts + 1);
    } catch (error) {
      log.warn({ err: error, id }, `${outbox.name} e-mail failed; will retry`);
      outbox.mark(id, 'failed', (error as Error).message.slice(0, 500), attempts + 1);
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** Tries again every record not yet sent (up to a bound of attempts). */
  async retryUnsent(): Promise<void> {
    for (const id of this.options.outbox.unsent(maxAttempts, 50)) await this.send(id);
  }
}
