import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Sends through the configured SMTP server; undefined when SMTP is not configured. */
export function createMailer(mail: Config['mail']): Mailer | undefined {
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
    socketTimeout: 20_000,
  });
  return {
    async send({ to, subject, text, replyTo, headers }) {
      await transport.sendMail({ from: mail.from, to, subject, text, replyTo, headers });
    },
    close() {
      transport.close();
    },
  };
}
