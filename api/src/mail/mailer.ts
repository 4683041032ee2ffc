import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to the text (the newsletter); text only without it. */
  html?: string;
  /** `<id@host>`: one e-mail keeps its id when it is sent again, so a mailbox can tell a copy (decision 0040). */
  messageId?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** The longest an SMTP server may stay silent during a send before it is given up as failed. */
export const smtpSocketTimeoutMs = 20_000;

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Sends through the configured SMTP server; undefined when SMTP is not configured. `pooled`
 * keeps a few connections open for many e-mails in a row (the newsletter) instead of one each.
 */
export function createMailer(mail: Config['mail'], { pooled = false } = {}): Mailer | undefined {
  if (!mail) return undefined;
  const url = new URL(mail.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A loopback or private relay may use a self-signed certificate only when the URL says so.
    tls: { rejectUnauthorized: url.searchParams.get('tls') !== 'insecure' },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: smtpSocketTimeoutMs,
    ...(pooled && { pool: true, maxConnections: 2, maxMessages: 100 }),
  });
  return {
    async send({ to, subject, text, html, messageId, replyTo, headers }) {
      await transport.sendMail({ from: mail.from, to, subject, text, html, messageId, replyTo, headers });
    },
    close() {
      transport.close();
    },
  };
}
