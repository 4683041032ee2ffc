import path from 'node:path';
import { freePort } from '@cfp/test-support/free-port';
import { type ReceivedMail, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { scaled } from '@cfp/test-support/time-scale';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory, testAdmin } from '../helper.ts';
import { startApiServer } from '../support/api-server.ts';
import { waitUntil } from '../support/waiting.ts';

/** Fast enough for the test to end within two minutes, slow enough for the minute's bound to be reached and held. */
const ratePerMinute = 600;
const subscriberCount = 1000;
const bouncing = 'refused@example.cm';
const busyOnce = 'busy@example.cm';

interface Seeded {
  email: string;
  language: 'fr' | 'en';
  status: 'confirmed' | 'pending';
}

/** 1,000 subscribers: every fifth English, every eighth still pending; the refused and the busy address among the first. */
function seedSubscribers(file: string): Seeded[] {
  const seeded: Seeded[] = Array.from({ length: subscriberCount }, (_unused, index) => ({
    email: index === 3 ? bouncing : index === 5 ? busyOnce : `reader${index}@example.cm`,
    language: index % 5 === 0 ? 'en' : 'fr',
    status: index % 8 === 7 ? 'pending' : 'confirmed',
  }));
  const db = new Database(file);
  const insert = db.prepare(
    `insert into subscribers (email, status, unsubscribe_token, language, confirmed_at) values (?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const [index, row] of seeded.entries()) insert.run(row.email, row.status, `token-${index}`, row.language, Date.now());
  })();
  db.close();
  return seeded;
}

/** What the database says of the recipients at one moment. */
function recipientRows(file: string) {
  const db = new Database(file, { readonly: true });
  const rows = db
    .prepare(
      `select s.email, r.status, r.attempts, r.claimed_at as claimedAt, r.smtp_answer as smtpAnswer, s.bounce_streak as bounceStreak
       from newsletter_recipients r join subscribers s on s.id = r.subscriber_id`,
    )
    .all() as Array<{
    email: string;
    status: string;
    attempts: number;
    claimedAt: number | null;
    smtpAnswer: string;
    bounceStreak: number;
  }>;
  const state = (db.prepare('select state from newsletter_sends').get() as { state: string } | undefined)?.state;
  db.close();
  return { rows, state };
}

describe('newsletter delivery', () => {
  it(
    'sends every confirmed subscriber one e-mail in their language across a SIGKILL mid-send, bounces a 550, retries a 451, holds the rate',
    async () => {
      let busyAnswered = false;
      const smtp = await startLoopbackSmtp(0, {
        answer: (address) => {
          if (address === bouncing) return { code: 550, message: 'No such mailbox' };
          if (address === busyOnce && !busyAnswered) {
            busyAnswered = true;
            return { code: 451, message: 'Mailbox busy, try again later' };
          }
          return undefined;
        },
      });
      const dataDir = temporaryDirectory();
      const file = path.join(dataDir, 'centre.sqlite');
      const env = { ...smtp.env, NEWSLETTER_RATE_PER_MINUTE: String(ratePerMinute) };
      const port = await freePort();
      const server = await startApiServer(dataDir, port, env);
      const seeded = seedSubscribers(file);

      const base = `http://127.0.0.1:${port}/api`;
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: testAdmin.email, password: testAdmin.password }),
      });
      const { Token } = (await login.json()) as { Token: string };
      const sent = await fetch(`${base}/newsletter/sends`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${Token}` },
        body: JSON.stringify({
          source: {
            kind: 'announcement',
            subject: 'Rentrée d’octobre',
            html: '<p>Les inscriptions sont ouvertes.</p>',
            subjectEn: 'October intake',
            htmlEn: '<p>Enrolment is open.</p>',
          },
        }),
      });
      expect(sent.status).toBe(201);
      const confirmed = seeded.filter((row) => row.status === 'confirmed');
      expect(((await sent.json()) as { recipients: number }).recipients).toBe(confirmed.length);

      // Killed a third of the way through, right after one of a batch's e-mails chosen at random (a batch is
      // 10 here): the next ones of the batch may be claimed, mid-transfer, or accepted and not yet marked.
      const killAt = Math.ceil(confirmed.length / 3) + Math.floor(Math.random() * 10);
      await waitUntil(() => smtp.received.length >= killAt, `${killAt} e-mails`, { timeoutMs: 90_000, everyMs: 2 });
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGKILL');
      await exited;
      const receivedBeforeKill = smtp.received.length;
      const claimedAtKill = new Set(
        recipientRows(file)
          .rows.filter((row) => row.claimedAt !== null)
          .map((row) => row.email),
      );
      expect(receivedBeforeKill).toBeLessThan(confirmed.length);

      const restarted = await startApiServer(dataDir, await freePort(), env);
      try {
        await waitUntil(() => recipientRows(file).state === 'done', 'the send to be done after the restart', {
          timeoutMs: 150_000,
          everyMs: 500,
        });
      } finally {
        restarted.kill('SIGKILL');
      }

      const byRecipient = new Map<string, ReceivedMail[]>();
      for (const mail of smtp.received) for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail]);
      for (const row of seeded) {
        const mails = byRecipient.get(row.email) ?? [];
        if (row.status === 'pending' || row.email === bouncing) {
          expect(mails, row.email).toEqual([]);
          continue;
        }
        // One e-mail each; a second copy only of one being sent at the kill, the same e-mail with the same Message-ID (decision 0040).
        expect(new Set(mails.map((mail) => mail.messageId)).size, row.email).toBe(1);
        expect(mails.length, row.email).toBeLessThanOrEqual(claimedAtKill.has(row.email) ? 2 : 1);
        expect(mails[0]?.subject, row.email).toBe(row.language === 'en' ? 'October intake' : 'Rentrée d’octobre');
      }
      const copies = smtp.received.length - byRecipient.size;
      expect(copies).toBeLessThanOrEqual(claimedAtKill.size);

      const { rows } = recipientRows(file);
      const of = (email: string) => rows.find((row) => row.email === email);
      expect(of(bouncing)).toMatchObject({
        status: 'bounced',
        attempts: 1,
        bounceStreak: 1,
        smtpAnswer: expect.stringMatching(/^550/),
      });
      expect(of(busyOnce)).toMatchObject({ status: 'sent', attempts: 2, bounceStreak: 0 });
      expect(rows.filter((row) => row.status === 'sent')).toHaveLength(confirmed.length - 1);

      // No more than the rate in any window shorter than a minute, as the SMTP server saw them arrive.
      const arrivals = smtp.received.map((mail) => mail.receivedAt).sort((a, b) => a - b);
      for (let index = 0; index + ratePerMinute < arrivals.length; index += 1) {
        expect((arrivals[index + ratePerMinute] as number) - (arrivals[index] as number)).toBeGreaterThanOrEqual(60_000);
      }
    },
    scaled(240_000),
  );
});
