import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The header block as sent (folded lines joined), to search for Reply-To, List-Unsubscribe... */
  headers: string;
  /** The subject, decoded (the header block keeps it encoded when it is not ASCII). */
  subject: string;
  /** The text body, decoded from its transfer encoding and charset by a real MIME parser. */
  text: string;
  /** The HTML part, '' for a text-only mail. */
  html: string;
  messageId: string;
  /** When the server took it (ms since the epoch). */
  receivedAt: number;
}

/** How the server answers a recipient (RCPT TO): a code and its text to refuse it, nothing to take it. */
export type RecipientAnswer = (address: string) => { code: number; message: string } | undefined;

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives, closed after each
 * test unless `closeAfterEach` is false (for a server shared by a whole file). With `mailboxFile`
 * it also appends each mail to that file, one JSON line each, for test files in other processes
 * to read (`readMailbox`): the server of the shared product lives in vitest's global set-up.
 */
export async function startLoopbackSmtp(
  port = 0,
  { closeAfterEach = true, mailboxFile = '', answer = (() => undefined) as RecipientAnswer } = {},
) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = answer(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            headers: parsed.headerLines.map((header) => header.line.replace(/\r?\n[ \t]+/g, ' ')).join('\n'),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            receivedAt: Date.now(),
          };
          received.push(mail);
          if (mailboxFile) appendFileSync(mailboxFile, `${JSON.stringify(mail)}\n`);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client killed mid-session (the newsletter's delivery test kills the API with SIGKILL)
  // resets its connection: the server emits that as an error, uncaught without a listener.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  let open = true;
  const close = () =>
    open
      ? new Promise<void>((resolve) => {
          open = false;
          server.close(() => resolve());
        })
      : Promise.resolve();
  if (closeAfterEach) afterEach(close);
  return {
    port: boundPort,
    received,
    close,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${boundPort}`,
      MAIL_FROM: 'Centre de formation <no-reply@centre.test>',
      CONTACT_INBOX: 'accueil@centre.test',
    },
  };
}

/** What a reader of the mail sees: its headers, then its decoded text. */
export function mailText(mail: ReceivedMail | undefined): string {
  return mail ? `${mail.headers}\n\n${mail.text}` : '';
}

/** The mails a `mailboxFile` holds so far. */
export function readMailbox(mailboxFile: string): ReceivedMail[] {
  if (!existsSync(mailboxFile)) return [];
  return readFileSync(mailboxFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}
