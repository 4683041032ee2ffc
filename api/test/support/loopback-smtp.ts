import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives. */
/** Closed after each test unless `closeAfterEach` is false (for a server shared by a whole file). */
export async function startLoopbackSmtp(port = 0, { closeAfterEach = true } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
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

/** Decodes the quoted-printable body of a received mail well enough to search its text. */
export function mailText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
