import { mailText, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { describe, expect, it, vi } from 'vitest';
import { subscribers } from '../src/db/schema.ts';
import { buildTestApp, loginAs } from './helper.ts';

const subscribe = (app: Awaited<ReturnType<typeof buildTestApp>>, email: string, remoteAddress = '203.0.113.1') =>
  app.inject({ method: 'POST', url: '/api/subscriber', payload: { email }, remoteAddress });

describe('newsletter without SMTP (single opt-in)', () => {
  it('subscribes a normalised address once, however often and in whatever case it is sent', async () => {
    const app = await buildTestApp();
    const first = await subscribe(app, '  Awa.Ndzi@Example.CM ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: expect.stringMatching(/Merci/), pending: false });
    const again = await subscribe(app, 'AWA.NDZI@EXAMPLE.CM');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = app.db.select().from(subscribers).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'awa.ndzi@example.cm', status: 'confirmed' });
  });

  it('refuses an invalid address in French', async () => {
    const app = await buildTestApp();
    const response = await subscribe(app, 'awa@');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Cette adresse e-mail n’est pas valide.' });
  });

  it('lists, exports as CSV and deletes subscribers for an admin', async () => {
    const app = await buildTestApp();
    await subscribe(app, 'first@example.cm');
    // An address that a spreadsheet would run as a formula, as an older import could have left.
    app.db
      .insert(subscribers)
      .values({ email: '=cmd@example.cm', status: 'confirmed', unsubscribeToken: 't', confirmedAt: new Date() })
      .run();
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const list = (await app.inject({ method: 'GET', url: '/api/subscribers', headers })).json().items;
    expect(list.map((row: { email: string }) => row.email)).toEqual(['=cmd@example.cm', 'first@example.cm']);
    expect(list[0]).toMatchObject({ status: 'confirmed', createdAt: expect.any(String), confirmedAt: expect.any(String) });
    // The specification's list, whole, at its path and in its shape.
    const all = await app.inject({ method: 'GET', url: '/api/subscriber/getall', headers });
    expect(all.json()).toEqual([
      expect.objectContaining({ _id: expect.any(Number), email: '=cmd@example.cm', createdAt: expect.any(String) }),
      expect.objectContaining({ _id: expect.any(Number), email: 'first@example.cm', createdAt: expect.any(String) }),
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/subscriber/getall' })).statusCode).toBe(401);

    const csv = await app.inject({ method: 'GET', url: '/api/subscriber/export.csv', headers });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"/);
    // A byte-order mark first, so that Excel reads the file as UTF-8.
    expect(csv.body.startsWith('\uFEFF"Email";"Status";"Subscribed on";"Confirmed on";"Language";"Bouncing"\r\n')).toBe(true);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[1]).toMatch(
      /^"first@example\.cm";"Confirmed";"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}";"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}";"French";"No"$/,
    );
    expect(lines[2]).toMatch(/^"'=cmd@example\.cm"/);

    const deleted = await app.inject({ method: 'DELETE', url: `/api/subscriber/${list[0]._id}`, headers });
    expect(deleted.json()).toEqual({ message: 'Subscriber deleted successfully' });
    expect((await app.inject({ method: 'GET', url: '/api/subscribers', headers })).json()).toMatchObject({ total: 1 });
  });

  it('exports dates as the centre reads them, in its time zone, for a spreadsheet to open as dates', async () => {
    const row = { status: 'confirmed' as const, createdAt: new Date('2026-11-23T13:05:00Z'), confirmedAt: null };
    const lines = async (env: Record<string, string>) => {
      const app = await buildTestApp({ env });
      app.db
        .insert(subscribers)
        .values({ ...row, email: 'nadia@example.cm', unsubscribeToken: 't' })
        .run();
      const headers = { authorization: `Bearer ${await loginAs(app)}` };
      return (await app.inject({ method: 'GET', url: '/api/subscriber/export.csv', headers })).body.trim().split('\r\n');
    };
    expect((await lines({}))[1]).toBe('"nadia@example.cm";"Confirmed";"23/11/2026 14:05";"";"French";"No"');
    expect((await lines({ TIME_ZONE: 'America/New_York' }))[1]).toBe(
      '"nadia@example.cm";"Confirmed";"23/11/2026 08:05";"";"French";"No"',
    );
  });

  it('forgets the address when the page its unsubscribe link opens is confirmed with its button, not when the link is only opened', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: 'https://www.centre.test' } });
    await subscribe(app, 'leaving@example.cm');
    const { unsubscribeToken } = app.db.select().from(subscribers).get() ?? { unsubscribeToken: '' };
    // A mail scanner opens the link: a page with a button, nothing changed.
    const opened = await app.inject({ method: 'GET', url: `/api/subscriber/unsubscribe?token=${unsubscribeToken}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toMatch(/<html lang="fr">[\s\S]*<form method="post">[\s\S]*>Me désinscrire<\/button>/);
    expect(opened.headers['content-security-policy']).toMatch(/form-action 'self'/);
    expect(app.db.select().from(subscribers).all()).toHaveLength(1);
    const response = await app.inject({ method: 'POST', url: `/api/subscriber/unsubscribe?token=${unsubscribeToken}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('https://www.centre.test/newsletter/desinscrit');
    expect(app.db.select().from(subscribers).all()).toHaveLength(0);
    const reused = await app.inject({ method: 'GET', url: `/api/subscriber/unsubscribe?token=${unsubscribeToken}` });
    expect(reused.headers.location).toBe('https://www.centre.test/newsletter/lien-invalide');
    const missing = await app.inject({ method: 'GET', url: '/api/subscriber/unsubscribe' });
    expect(missing.headers.location).toBe('https://www.centre.test/newsletter/lien-invalide');
  });

  it('forgets the address at a mail client’s one-click unsubscribe (RFC 8058) with a 204, and answers 404 to an unknown link', async () => {
    const app = await buildTestApp();
    await subscribe(app, 'one.click@example.cm');
    const { unsubscribeToken } = app.db.select().from(subscribers).get() ?? { unsubscribeToken: '' };
    const oneClick = (token: string) =>
      app.inject({
        method: 'POST',
        url: `/api/subscriber/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick(unsubscribeToken)).statusCode).toBe(204);
    expect(app.db.select().from(subscribers).all()).toHaveLength(0);
    expect((await oneClick(unsubscribeToken)).statusCode).toBe(404);
  });

  it('answers a no-JavaScript form post with a redirect, and holds the per-address limit under a flood', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: 'https://www.centre.test' } });
    const form = await app.inject({
      method: 'POST',
      url: '/api/subscriber',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=form%40example.cm&website=',
      remoteAddress: '203.0.113.50',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe('https://www.centre.test/newsletter/merci');

    let accepted = 0;
    for (let index = 0; index < 200; index += 1) {
      const response = await subscribe(app, `flood${index}@example.cm`, '203.0.113.99');
      if (response.statusCode === 201) accepted += 1;
      else expect(response.statusCode).toBe(429);
    }
    expect(accepted).toBe(5);
    expect(app.db.select().from(subscribers).all()).toHaveLength(6);
  });

  it('stores nothing for a filled honeypot', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/subscriber',
      payload: { email: 'bot@example.cm', website: 'x' },
    });
    expect(response.statusCode).toBe(201);
    expect(app.db.select().from(subscribers).all()).toHaveLength(0);
  });
});

describe('newsletter with SMTP (double opt-in)', () => {
  it('sends a confirmation link valid 24 h; the address counts once confirmed', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: { ...smtp.env, PUBLIC_SITE_URL: 'https://www.centre.test' } });
    const before = Date.now();
    const response = await subscribe(app, 'Confirm.Me@example.cm');
    expect(response.json()).toEqual({ message: expect.stringMatching(/confirmez/), pending: true });
    const pending = app.db.select().from(subscribers).get();
    expect(pending).toMatchObject({ status: 'pending', confirmedAt: null });
    const validForMs = (pending?.confirmationExpiresAt?.getTime() ?? 0) - before;
    expect(validForMs).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(validForMs).toBeLessThan(24 * 3_600_000 + 60_000);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    const text = mailText(smtp.received[0]);
    expect(smtp.received[0]?.to).toEqual(['confirm.me@example.cm']);
    expect(text).toMatch(/List-Unsubscribe:\s*<https:\/\/www\.centre\.test\/api\/subscriber\/unsubscribe\?token=/);
    const link = text.match(/https:\/\/www\.centre\.test\/api\/subscriber\/confirm\?token=([\w-]+)/);
    expect(link).not.toBeNull();

    // Opening the link shows a page whose button confirms: a mail scanner that opens it confirms nothing.
    const opened = await app.inject({ method: 'GET', url: `/api/subscriber/confirm?token=${link?.[1]}` });
    expect(opened.body).toMatch(/<h1>Confirmer votre inscription<\/h1>[\s\S]*>Confirmer mon inscription<\/button>/);
    expect(app.db.select().from(subscribers).get()?.status).toBe('pending');
    const confirmed = await app.inject({ method: 'POST', url: `/api/subscriber/confirm?token=${link?.[1]}` });
    expect(confirmed.headers.location).toBe('https://www.centre.test/newsletter/confirmee');
    expect(app.db.select().from(subscribers).get()).toMatchObject({ status: 'confirmed', confirmedAt: expect.any(Date) });
    const twice = await app.inject({ method: 'POST', url: `/api/subscriber/confirm?token=${link?.[1]}` });
    expect(twice.headers.location).toBe('https://www.centre.test/newsletter/lien-invalide');

    await subscribe(app, 'confirm.me@example.cm');
    expect(smtp.received).toHaveLength(1);
    expect(app.db.select().from(subscribers).get()?.status).toBe('confirmed');
  });

  it('sends a pending address subscribed again the same link, in the language asked this time, and a fresh one once it expired', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    await subscribe(app, 'twice@example.cm');
    const first = app.db.select().from(subscribers).get();
    const again = await app.inject({
      method: 'POST',
      url: '/api/subscriber',
      payload: { email: 'twice@example.cm', language: 'en' },
      remoteAddress: '203.0.113.2',
    });
    expect(again.statusCode).toBe(201);
    const second = app.db.select().from(subscribers).all();
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({
      status: 'pending',
      language: 'en',
      unsubscribeToken: first?.unsubscribeToken,
      confirmationToken: first?.confirmationToken,
      confirmationExpiresAt: first?.confirmationExpiresAt,
      createdAt: first?.createdAt,
    });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2));
    expect(mailText(smtp.received[1])).toContain(`confirm?token=${first?.confirmationToken}&language=en`);

    app.db
      .update(subscribers)
      .set({ confirmationExpiresAt: new Date(Date.now() - 1000) })
      .run();
    await subscribe(app, 'twice@example.cm', '203.0.113.3');
    const renewed = app.db.select().from(subscribers).get();
    expect(renewed?.confirmationToken).not.toBe(first?.confirmationToken);
    expect(renewed?.confirmationExpiresAt?.getTime()).toBeGreaterThan(Date.now());
  });

  it('sends one mailbox at most three confirmation e-mails a day, however many addresses ask, and answers each alike', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    for (let network = 1; network <= 12; network++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/subscriber',
        payload: { email: 'victim@example.cm' },
        remoteAddress: `2001:db8:${network}::1`,
      });
      expect([network, response.statusCode, response.json().pending]).toEqual([network, 201, true]);
    }
    await vi.waitFor(() => expect(smtp.received).toHaveLength(3));
    await subscribe(app, 'someone.else@example.cm');
    await vi.waitFor(() => expect(smtp.received).toHaveLength(4));
    expect(smtp.received.filter((mail) => mail.to.includes('victim@example.cm'))).toHaveLength(3);
  });

  it('refuses an expired confirmation link', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    await subscribe(app, 'late@example.cm');
    const row = app.db.select().from(subscribers).get();
    app.db
      .update(subscribers)
      .set({ confirmationExpiresAt: new Date(Date.now() - 1000) })
      .run();
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: `/api/subscriber/confirm?token=${row?.confirmationToken}` });
      expect(response.headers.location).toMatch(/\/newsletter\/lien-invalide$/);
    }
    expect(app.db.select().from(subscribers).get()?.status).toBe('pending');
  });
});
