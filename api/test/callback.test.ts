import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mailText, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { scaled } from '@cfp/test-support/time-scale';
import { describe, expect, it, vi } from 'vitest';
import { applications, contactMessages } from '../src/db/schema.ts';
import { buildTestApp, loginAs, temporaryDirectory } from './helper.ts';

const repositoryContent = path.resolve(import.meta.dirname, '../../content');

/** The content with the callback delay the centre publishes. */
function contentWithCallbackDelay(): string {
  const content = temporaryDirectory();
  cpSync(repositoryContent, content, { recursive: true });
  const file = path.join(content, 'centre.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^callbackDelay: .*$/m, 'callbackDelay: "sous deux jours ouvrables"'));
  return content;
}

const request = { name: 'Awa Ngono', phone: '6 99 00 11 22', programme: 'soudure' };
const post = (app: Awaited<ReturnType<typeof buildTestApp>>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/contact/callback', payload });
const postForm = (app: Awaited<ReturnType<typeof buildTestApp>>, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/contact/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('POST /api/contact/callback', () => {
  it('stores a name and a phone as a callback request in the Messages inbox, not as an application', async () => {
    const app = await buildTestApp();
    const response = await post(app, { ...request, bestTime: 'apres-midi' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Merci\u202f! Le centre vous rappelle au 6 99 00 11 22.' });
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const inbox = (await app.inject({ method: 'GET', url: '/api/messages', headers })).json();
    expect(inbox.items).toEqual([
      expect.objectContaining({
        kind: 'callback',
        firstName: 'Awa Ngono',
        email: null,
        phone: '+237699001122',
        programme: 'soudure',
        programmeTitle: 'Soudure',
        bestTime: 'apres-midi',
        status: 'new',
      }),
    ]);
    expect(app.db.select().from(applications).all()).toHaveLength(0);
  });

  it('says when the centre calls back only when the content says it', async () => {
    const app = await buildTestApp({ env: { CONTENT_DIR: contentWithCallbackDelay() } });
    const response = await post(app, { name: 'Awa Ngono', phone: '+237 6 99 00 11 22' });
    expect(response.json().message).toBe('Merci\u202f! Le centre vous rappelle sous deux jours ouvrables au 6 99 00 11 22.');
    expect(app.db.select().from(contactMessages).get()).toMatchObject({ programme: null, bestTime: null });
  });

  it('refuses a missing or wrong phone in French beside the field, and stores nothing', async () => {
    const app = await buildTestApp();
    const missing = await post(app, { name: 'Awa Ngono' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Le champ « Téléphone » est obligatoire.',
      fields: { phone: 'Le champ « Téléphone » est obligatoire.' },
    });
    const wrong = await post(app, { ...request, phone: '99 12 34' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({
      phone: 'Entrez un numéro de téléphone valide, par exemple 6 99 00 00 00 ou +237 6 99 00 00 00.',
    });
    const time = await post(app, { ...request, bestTime: 'minuit' });
    expect(time.json().fields).toEqual({ bestTime: 'Choisissez un moment de la liste.' });
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  it('thanks a bot that fills the honeypot and stores nothing', async () => {
    const app = await buildTestApp();
    const response = await post(app, { ...request, website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });

  it('shares the contact form’s limit of a few posts a minute per address', async () => {
    const app = await buildTestApp();
    const contact = { firstName: 'A', lastName: 'B', email: 'a@example.cm', phone: '699001122', message: 'Bonjour' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode);
      statuses.push((await post(app, request)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('stores and e-mails three requests a day for one number, however many addresses ask, and thanks each alike', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    for (let network = 1; network <= 8; network++) {
      const phone = network % 2 === 0 ? '699001122' : '+237 6 99 00 11 22';
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact/callback',
        payload: { ...request, phone },
        remoteAddress: `2001:db8:${network}::1`,
      });
      expect([network, response.statusCode]).toEqual([network, 201]);
    }
    await post(app, { ...request, phone: '677 12 34 56' });
    expect(
      app.db
        .select()
        .from(contactMessages)
        .all()
        .map(({ phone }) => phone),
    ).toEqual(['+237699001122', '+237699001122', '+237699001122', '+237677123456']);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(4), { timeout: scaled(5000) });
  });

  it('e-mails the staff a callback request with the phone, the programme and the best time', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    await post(app, { ...request, bestTime: 'soir' });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: scaled(5000) });
    const text = mailText(smtp.received[0]);
    expect(text).toContain('Demande de rappel : Awa Ngono, 6 99 00 11 22 (Soudure)');
    expect(text).toContain('demande à être rappelé');
    expect(text).toContain('Téléphone : 6 99 00 11 22 (+237699001122)');
    expect(text).toContain('Formation : Soudure');
    expect(text).toContain('Quand l’appeler : Soir');
    expect(text).not.toMatch(/Reply-To/i);
    await vi.waitFor(() => expect(app.db.select().from(contactMessages).get()?.forwarding).toBe('sent'));
  });
});

describe('the callback request posted without JavaScript', () => {
  it('answers with a French page saying the centre calls back, and the way back to the programme', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: 'https://www.centre.test' } });
    const response = await postForm(app, { ...request, bestTime: '', website: '' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Demande de rappel envoyée</h1>');
    expect(response.body).toContain('Le centre vous rappelle au 6 99 00 11 22.');
    expect(response.body).toContain('href="https://www.centre.test/formation/soudure">Retour à la formation</a>');
    expect(app.db.select().from(contactMessages).get()).toMatchObject({ kind: 'callback', bestTime: null });
  });

  it('names the wrong field and gives the form back as typed', async () => {
    const app = await buildTestApp({ env: { PUBLIC_SITE_URL: 'https://www.centre.test' } });
    const response = await postForm(app, { ...request, phone: '99 12 34', bestTime: 'soir' });
    expect(response.statusCode).toBe(400);
    const page = response.body;
    expect(page).toContain('<h1>Votre demande de rappel n’est pas encore envoyée</h1>');
    expect(page).toContain('<a href="#champ-phone">Téléphone</a>\u00a0: Entrez un numéro de téléphone valide');
    expect(page).toMatch(/<input id="champ-phone" name="phone" [^>]*aria-invalid="true" type="tel" value="99 12 34">/);
    expect(page).toMatch(/<input id="champ-name" name="name" [^>]*value="Awa Ngono">/);
    expect(page).toContain('<option value="soir" selected>Soir</option>');
    expect(page).toContain('<input type="hidden" name="programme" value="soudure">');
    expect(page).toContain('href="https://www.centre.test/formation/soudure"');
    expect(app.db.select().from(contactMessages).all()).toHaveLength(0);
  });
});
