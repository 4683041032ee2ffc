import { type RecipientAnswer, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newsletterRecipients, subscribers } from '../src/db/schema.ts';
import { retryBackOffMs } from '../src/newsletter/newsletter-sender.ts';
import { buildTestApp, loginAs, temporaryDirectory } from './helper.ts';
import { waitUntil } from './support/waiting.ts';

const announcement = { kind: 'announcement', subject: 'Portes ouvertes samedi', html: '<p>Venez samedi.</p>' };

let nextToken = 0;
function addSubscriber(app: FastifyInstance, email: string) {
  nextToken += 1;
  return app.db
    .insert(subscribers)
    .values({ email, status: 'confirmed', unsubscribeToken: `token-${nextToken}`, confirmedAt: new Date() })
    .returning()
    .get();
}

/** An app whose SMTP server answers as `answer` says, sending fast enough for a test. */
async function deliveringApp(answer: RecipientAnswer = () => undefined, env: Record<string, string> = {}) {
  const smtp = await startLoopbackSmtp(0, { answer });
  const app = await buildTestApp({ env: { ...smtp.env, NEWSLETTER_RATE_PER_MINUTE: '6000', ...env } });
  const headers = { authorization: `Bearer ${await loginAs(app)}` };
  const get = async (url: string) => (await app.inject({ method: 'GET', url, headers })).json();
  const send = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/newsletter/sends',
      headers,
      payload: { source: announcement },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ _id: number; recipients: number }>();
  };
  return { smtp, app, get, send };
}

describe('newsletter delivery', () => {
  it('marks a 550 bounced, and leaves out an address refused on three sends in a row, flagged in the subscribers', async () => {
    let flakyRefusals = 2;
    const { smtp, app, get, send } = await deliveringApp((address) => {
      if (address === 'gone@example.cm') return { code: 550, message: 'No such mailbox' };
      if (address === 'flaky@example.cm' && flakyRefusals > 0) {
        flakyRefusals -= 1;
        return { code: 550, message: 'Mailbox disabled' };
      }
      return undefined;
    });
    addSubscriber(app, 'awa@example.cm');
    addSubscriber(app, 'gone@example.cm');
    addSubscriber(app, 'flaky@example.cm');
    const bounceStreaks = () =>
      Object.fromEntries(
        app.db
          .select()
          .from(subscribers)
          .all()
          .map((row) => [row.email, row.bounceStreak]),
      );
    const sendAndFinish = async () => {
      const { _id, recipients } = await send();
      await waitUntil(async () => (await get(`/api/newsletter/sends/${_id}`)).state === 'done', `send ${_id} to be done`);
      return { detail: await get(`/api/newsletter/sends/${_id}`), recipients };
    };

    const first = await sendAndFinish();
    expect(first.detail).toMatchObject({ recipients: 3, counts: { sent: 1, bounced: 2 } });
    expect(first.detail.failures).toEqual([
      {
        email: 'gone@example.cm',
        language: 'fr',
        status: 'bounced',
        attempts: 1,
        smtpAnswer: expect.stringMatching(/^550 No such mailbox/),
      },
      {
        email: 'flaky@example.cm',
        language: 'fr',
        status: 'bounced',
        attempts: 1,
        smtpAnswer: expect.stringMatching(/^550 Mailbox disabled/),
      },
    ]);
    await sendAndFinish();
    expect(bounceStreaks()).toEqual({ 'awa@example.cm': 0, 'gone@example.cm': 2, 'flaky@example.cm': 2 });
    // The third send reaches the flaky address: its streak starts over.
    await sendAndFinish();
    expect(bounceStreaks()).toEqual({ 'awa@example.cm': 0, 'gone@example.cm': 3, 'flaky@example.cm': 0 });

    const list = await get('/api/subscribers');
    expect(list.items.map((row: { email: string; bouncing: boolean }) => [row.email, row.bouncing])).toEqual(
      expect.arrayContaining([
        ['gone@example.cm', true],
        ['flaky@example.cm', false],
      ]),
    );
    expect((await get('/api/newsletter')).recipients).toEqual({ fr: 2, en: 0, total: 2 });
    const fourth = await sendAndFinish();
    expect(fourth.recipients).toBe(2);
    expect(smtp.received.filter((mail) => mail.to.includes('gone@example.cm'))).toEqual([]);
  });

  it('retries a temporary refusal after its back-off, and gives up once the back-offs are spent', async () => {
    const { smtp, app, get, send } = await deliveringApp((address) =>
      address === 'busy@example.cm' ? { code: 451, message: 'Try again later' } : undefined,
    );
    addSubscriber(app, 'busy@example.cm');
    const { _id } = await send();
    const row = () => app.db.select().from(newsletterRecipients).get();
    await waitUntil(() => row()?.attempts === 1, 'the first attempt');
    expect(row()).toMatchObject({
      status: 'deferred',
      claimedAt: null,
      smtpAnswer: expect.stringMatching(/^451 Try again later/),
    });
    const waited = (row()?.nextAttemptAt ?? 0) - (row()?.attemptedAt ?? 0);
    expect(waited).toBeGreaterThanOrEqual(retryBackOffMs[0] as number);
    expect((await get(`/api/newsletter/sends/${_id}`)).failures).toEqual([
      expect.objectContaining({ email: 'busy@example.cm', status: 'deferred', attempts: 1 }),
    ]);
    // Each back-off is waited out by moving the next attempt to now.
    for (let attempts = 1; attempts <= retryBackOffMs.length; attempts += 1) {
      await waitUntil(() => row()?.attempts === attempts, `attempt ${attempts}`);
      app.db.update(newsletterRecipients).set({ nextAttemptAt: 0 }).run();
    }
    await waitUntil(() => row()?.status === 'failed', 'the e-mail to have failed');
    expect(row()?.attempts).toBe(retryBackOffMs.length + 1);
    await waitUntil(async () => (await get(`/api/newsletter/sends/${_id}`)).state === 'done', 'the send to be done');
    expect(smtp.received).toEqual([]);
    // A temporary failure says nothing about the address: no bounce counted.
    expect(app.db.select().from(subscribers).get()?.bounceStreak).toBe(0);
  });

  it('sends nothing more to an address unsubscribed after the send was queued', async () => {
    let busy = true;
    const { smtp, app, get, send } = await deliveringApp((address) =>
      address === 'leaving@example.cm' && busy ? { code: 451, message: 'Try again later' } : undefined,
    );
    const leaving = addSubscriber(app, 'leaving@example.cm');
    const { _id } = await send();
    await waitUntil(() => app.db.select().from(newsletterRecipients).get()?.status === 'deferred', 'a deferred e-mail');
    await app.inject({
      method: 'POST',
      url: `/api/subscriber/unsubscribe?token=${leaving.unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    busy = false;
    app.db.update(newsletterRecipients).set({ nextAttemptAt: 0 }).run();
    await waitUntil(async () => (await get(`/api/newsletter/sends/${_id}`)).state === 'done', 'the send to be done');
    expect((await get(`/api/newsletter/sends/${_id}`)).counts).toMatchObject({ cancelled: 1, sent: 0 });
    expect(app.db.select().from(newsletterRecipients).where(eq(newsletterRecipients.sendId, _id)).get()).toMatchObject({
      subscriberId: null,
      status: 'cancelled',
    });
    expect(smtp.received).toEqual([]);
  });

  it('sends again, once and with the same Message-ID, an e-mail found claimed at a start (the process stopped mid-send)', async () => {
    const dataDir = temporaryDirectory();
    // One e-mail a minute: the first goes, the second is still queued when the app stops.
    const before = await deliveringApp(undefined, { DATA_DIR: dataDir, NEWSLETTER_RATE_PER_MINUTE: '1' });
    addSubscriber(before.app, 'first@example.cm');
    addSubscriber(before.app, 'second@example.cm');
    const { _id } = await before.send();
    await waitUntil(() => before.smtp.received.length === 1, 'the first e-mail');
    const [interrupted] = before.app.db
      .select()
      .from(newsletterRecipients)
      .where(eq(newsletterRecipients.status, 'queued'))
      .all();
    // As a kill leaves it: claimed, its outcome never written (the sender waits a minute before its next batch).
    before.app.db
      .update(newsletterRecipients)
      .set({ claimedAt: Date.now(), attemptedAt: Date.now() })
      .where(eq(newsletterRecipients.id, interrupted?.id ?? 0))
      .run();
    await before.app.close();

    const after = await deliveringApp(undefined, { DATA_DIR: dataDir });
    await waitUntil(async () => (await after.get(`/api/newsletter/sends/${_id}`)).state === 'done', 'the send to be done');
    expect(after.smtp.received.map((mail) => [mail.to, mail.messageId])).toEqual([
      [['second@example.cm'], `<newsletter-${_id}-${interrupted?.id}@${new URL(after.app.config.publicUrls.site).hostname}>`],
    ]);
    expect((await after.get(`/api/newsletter/sends/${_id}`)).counts).toMatchObject({ sent: 2, queued: 0 });
  });
});
