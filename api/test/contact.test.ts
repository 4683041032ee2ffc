import { freePort } from '@cfp/test-support/free-port';
import { mailText, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { scaled } from '@cfp/test-support/time-scale';
import { describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../src/db/schema.ts';
import { buildTestApp, loginAs } from './helper.ts';

const message = {
  firstName: 'Aïcha',
  lastName: 'Mbarga',
  email: 'Aicha.Mbarga@example.cm',
  phone: '+237 6 99 00 11 22',
  message: 'Bonjour, je voudrais connaître les dates de la prochaine rentrée.',
  programme: 'soudure',
};

describe('POST /api/contact', () => {
  it('stores the message with its programme of interest and shows it in the admin inbox', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/Merci/);
    const token = await loginAs(app);
    const headers = { authorization: `Bearer ${token}` };
    const inbox = (await app.inject({ method: 'GET', url: '/api/messages', headers })).json();
    const { message: text, ...rest } = message;
    expect(inbox.items).toEqual([
      expect.objectContaining({
        ...rest,
        excerpt: text,
        kind: 'message',
        email: 'aicha.mbarga@example.cm',
        phone: '+237699001122',
        bestTime: null,
        status: 'new',
        forwarding: 'not_configured',
      }),
    ]);
    const whole = await app.inject({ method: 'GET', url: `/api/messages/${inbox.items[0]._id}`, headers });
    expect(whole.json()).toMatchObject({ message: text });
  });

  it('explains a missing or invalid field in French, field by field, and stores nothing', async () => {
    const app = await buildTestApp();
    const missing = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, firstName: '  ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Le champ « Prénom » est obligatoire.',
      fields: { firstName: 'Le champ « Prénom » est obligatoire.' },
    });
    const email = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, email: 'pas-un-email' } });
    expect(email.json().fields).toEqual({ email: 'Cette adresse e-mail n’est pas valide.' });
    const phone = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, phone: '99 12 34' } });
    expect(phone.json().fields).toEqual({
      phone: 'Entrez un numéro de téléphone valide, par exemple 6 99 00 00 00 ou +237 6 99 00 00 00.',
    });
    const long = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, message: 'x'.repeat(5001) } });
    expect(long.statusCode).toBe(400);
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  it('refuses a name with a line break in French, and stores nothing', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, lastName: 'Mbarga\r\nBcc: x' },
    });
    expect(response.statusCode).toBe(400);
    const refusal = 'Le champ « Nom » doit tenir sur une ligne, sans tabulation ni caractère invisible.';
    expect(response.json()).toEqual({ message: refusal, fields: { lastName: refusal } });
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  it('answers a plain HTML form post with a redirect to the French thank-you page', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: 'https://www.centre.test' } });
    const form = new URLSearchParams({ ...message }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const sent = await app.inject({ method: 'POST', url: '/api/contact', headers, payload: form });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('https://www.centre.test/contact/merci');
    expect(app.db.select().from(contactMessages).all()).toHaveLength(1);
  });

  it('answers a refused form post with a French page naming each wrong field and giving the form back as typed', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: 'https://www.centre.test' } });
    const typed = { ...message, email: 'aicha@', phone: '99 12 34', message: 'Bonjour <b>le centre</b> & merci' };
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(typed).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = response.body;
    expect(page).toContain('<h1>Votre message n’est pas encore envoyé</h1>');
    expect(page).toContain('<a href="#champ-email">E-mail</a>\u00a0: Cette adresse e-mail n’est pas valide.');
    expect(page).toContain('<a href="#champ-phone">Téléphone</a>\u00a0: Entrez un numéro de téléphone valide, par exemple');
    expect(page).not.toContain('href="#champ-firstName"');
    expect(page).toMatch(/<input id="champ-email" name="email" [^>]*aria-invalid="true" type="email" value="aicha@">/);
    expect(page).toMatch(/<input id="champ-firstName" name="firstName" [^>]*value="Aïcha">/);
    expect(page).toContain('>Bonjour &lt;b&gt;le centre&lt;/b&gt; &amp; merci</textarea>');
    expect(page).toContain('<input type="hidden" name="programme" value="soudure">');
    expect(page).toContain('<form method="post">');
    expect(page).toContain('href="https://www.centre.test/contact"');
    expect(String(response.headers['content-security-policy'])).toContain("form-action 'self'");
    expect(page).not.toContain('<script');
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  it('thanks a bot that fills the honeypot and stores nothing', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, website: 'http://spam.example' },
    });
    expect(response.statusCode).toBe(201);
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  it('limits each address to a few messages a minute, with Retry-After', async () => {
    const app = await buildTestApp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: '198.51.100.7' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json().message).toMatch(/Trop de tentatives/);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const other = await app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: '198.51.100.8' });
    expect(other.statusCode).toBe(201);
    expect(app.db.select().from(contactMessages).all()).toHaveLength(6);
  });

  it('forwards the message by e-mail to the inbox, with the visitor as reply-to', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: scaled(5000) });
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(['accueil@centre.test']);
    const text = mailText(mail);
    expect(text).toMatch(/Reply-To: aicha\.mbarga@example\.cm/i);
    expect(text).toContain('les dates de la prochaine rentr');
    expect(text).toContain('Formation : Soudure');
    expect(text).toMatch(/Reçu le : \d\d\/\d\d\/\d{4} \d\d:\d\d\n/);
    await vi.waitFor(() => expect(app.db.select().from(contactMessages).get()?.forwarding).toBe('sent'));
  });

  it('keeps the message when SMTP is down, shows the failure, and forwards it once SMTP is back', async () => {
    const port = await freePort();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'no-reply@centre.test', CONTACT_INBOX: 'accueil@centre.test' };
    const app = await buildTestApp({ env });
    const response = await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(response.statusCode).toBe(201);
    await vi.waitFor(() => expect(app.db.select().from(contactMessages).get()?.forwarding).toBe('failed'), {
      timeout: scaled(15_000),
    });
    const token = await loginAs(app);
    const inbox = await app.inject({ method: 'GET', url: '/api/messages', headers: { authorization: `Bearer ${token}` } });
    expect(inbox.json().items[0]).toMatchObject({
      forwarding: 'failed',
      forwardingError: expect.stringMatching(/ECONNREFUSED|connect/i),
    });

    const smtp = await startLoopbackSmtp(port);
    await app.contactForwarder?.retryUnsent();
    expect(smtp.received).toHaveLength(1);
    expect(app.db.select().from(contactMessages).get()?.forwarding).toBe('sent');
  });
});

describe('contact inbox', () => {
  it('marks a message read or handled and deletes it', async () => {
    const app = await buildTestApp();
    await app.inject({ method: 'POST', url: '/api/contact', payload: message });
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const [{ _id }] = (await app.inject({ method: 'GET', url: '/api/messages', headers })).json().items;
    const read = await app.inject({ method: 'PATCH', url: `/api/messages/${_id}`, headers, payload: { status: 'handled' } });
    expect(read.json().data.status).toBe('handled');
    const invalid = await app.inject({ method: 'PATCH', url: `/api/messages/${_id}`, headers, payload: { status: 'archived' } });
    expect(invalid.statusCode).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: `/api/messages/${_id}`, headers })).json()).toEqual({
      message: 'Message deleted',
    });
    expect((await app.inject({ method: 'DELETE', url: `/api/messages/${_id}`, headers })).statusCode).toBe(404);
  });

  it('names the programme as the site prints it, and none when it is not on the site', async () => {
    const app = await buildTestApp();
    const payloads = [
      { ...message, programme: 'froid-climatisation' },
      { ...message, programme: 'tricot' },
      { ...message, programme: undefined },
    ];
    for (const payload of payloads) await app.inject({ method: 'POST', url: '/api/contact', payload });
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const inbox = (await app.inject({ method: 'GET', url: '/api/messages', headers })).json().items;
    const programmes = inbox.map(({ programme, programmeTitle, programmePath }: Record<string, unknown>) => ({
      programme,
      programmeTitle,
      programmePath,
    }));
    expect(programmes).toEqual([
      { programme: null, programmeTitle: null, programmePath: null },
      { programme: 'tricot', programmeTitle: null, programmePath: null },
      {
        programme: 'froid-climatisation',
        programmeTitle: 'Froid et climatisation',
        programmePath: '/formation/froid-climatisation',
      },
    ]);
    const updated = await app.inject({
      method: 'PATCH',
      url: `/api/messages/${inbox[2]._id}`,
      headers,
      payload: { status: 'read' },
    });
    expect(updated.json().data.programmeTitle).toBe('Froid et climatisation');
  });
});
