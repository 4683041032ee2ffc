import { type ReceivedMail, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { blogPosts, newsletterRecipients, newsletterSends, subscribers } from '../src/db/schema.ts';
import { buildTestApp, insertAdmin, loginAs, testAdmin, testEditor } from './helper.ts';
import { waitUntil } from './support/waiting.ts';

type App = FastifyInstance;

let nextToken = 0;
/** A subscriber written straight to the table, as the double opt-in leaves one. */
function addSubscriber(
  app: App,
  email: string,
  {
    language = 'fr',
    status = 'confirmed',
    bounceStreak = 0,
  }: { language?: 'fr' | 'en'; status?: 'confirmed' | 'pending'; bounceStreak?: number } = {},
) {
  nextToken += 1;
  return app.db
    .insert(subscribers)
    .values({ email, language, status, bounceStreak, unsubscribeToken: `token-${nextToken}`, confirmedAt: new Date() })
    .returning()
    .get();
}

function addPost(
  app: App,
  values: {
    title: string;
    slug: string;
    description?: string;
    coverPhoto?: string;
    titleEn?: string;
    descriptionEn?: string;
    status?: 'draft' | 'published';
  },
) {
  return app.db
    .insert(blogPosts)
    .values({
      description: `<p>Les inscriptions sont <strong>ouvertes</strong>. <a href="https://www.centre.test/contact">Écrivez-nous</a>.</p>`,
      status: 'published',
      publishedAt: new Date(),
      updatedAt: new Date(),
      ...values,
    })
    .returning()
    .get();
}

const announcement = {
  kind: 'announcement',
  subject: 'Portes ouvertes samedi',
  html: '<p>Venez visiter les ateliers <em>samedi</em>.</p>',
} as const;

async function signedIn(app: App) {
  const admin = { authorization: `Bearer ${await loginAs(app)}` };
  await insertAdmin(app, testEditor);
  const editor = { authorization: `Bearer ${await loginAs(app, testEditor.email, testEditor.password)}` };
  return { admin, editor };
}

const post = (app: App, url: string, headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

/** Every address an HTML part loads something from (images, style sheets, fonts). */
const loadedResources = (html: string) => [
  ...[...html.matchAll(/\b(?:src|srcset|background)\s*=\s*"([^"]*)"/gi)].map((match) => match[1]),
  ...[...html.matchAll(/url\(([^)]*)\)/gi)].map((match) => match[1]),
  ...[...html.matchAll(/<link\b[^>]*>/gi)].map((match) => match[0]),
  ...[...html.matchAll(/@import[^;]*/gi)].map((match) => match[0]),
];

describe('the newsletter routes', () => {
  it('are for signed-in admins; every admin prepares and tests, only a superAdmin sends and cancels', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: smtp.env });
    addSubscriber(app, 'awa@example.cm');
    const { admin, editor } = await signedIn(app);
    expect((await app.inject({ method: 'GET', url: '/api/newsletter' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/newsletter/preview', payload: { source: announcement } })).statusCode,
    ).toBe(401);

    expect((await app.inject({ method: 'GET', url: '/api/newsletter', headers: editor })).json()).toEqual({
      smtp: true,
      recipients: { fr: 1, en: 0, total: 1 },
      sends: [],
    });
    expect((await post(app, '/api/newsletter/preview', editor, { source: announcement })).statusCode).toBe(200);
    const test = await post(app, '/api/newsletter/test', editor, { source: announcement });
    expect(test.json()).toEqual({ message: `Test e-mails (French and English) sent to ${testEditor.email}` });
    expect(smtp.received.map((mail) => [mail.to, mail.subject])).toEqual([
      [[testEditor.email], '[Test] Portes ouvertes samedi'],
      [[testEditor.email], '[Test] Portes ouvertes samedi'],
    ]);
    expect(smtp.received[1]?.text.split('\n')[0]).toBe('This news is only available in French.');
    const refused = await post(app, '/api/newsletter/sends', editor, { source: announcement });
    expect(refused.statusCode).toBe(403);
    expect(app.db.select().from(newsletterSends).all()).toEqual([]);

    const sent = await post(app, '/api/newsletter/sends', admin, { source: announcement });
    expect(sent.statusCode).toBe(201);
    const cancel = `/api/newsletter/sends/${sent.json()._id}/cancel`;
    expect((await post(app, cancel, editor, {})).statusCode).toBe(403);
  });

  it('validates every input with English messages', async () => {
    const app = await buildTestApp();
    const { admin } = await signedIn(app);
    const noSubject = await post(app, '/api/newsletter/preview', admin, { source: { ...announcement, subject: ' ' } });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toMatch(/The subject is required/);
    const emptyText = await post(app, '/api/newsletter/preview', admin, { source: { ...announcement, html: '<p> </p>' } });
    expect(emptyText.json()).toEqual({ message: 'The text is required' });
    const halfEnglish = await post(app, '/api/newsletter/preview', admin, { source: { ...announcement, subjectEn: 'Open day' } });
    expect(halfEnglish.statusCode).toBe(400);
    expect(halfEnglish.json().message).toMatch(/English subject and text together/);
    expect((await post(app, '/api/newsletter/preview', admin, { source: { kind: 'post', postId: 'one' } })).statusCode).toBe(400);
    expect((await post(app, '/api/newsletter/preview', admin, { source: { kind: 'letter' } })).statusCode).toBe(400);

    const draft = addPost(app, { title: 'Brouillon', slug: 'brouillon', status: 'draft' });
    const unpublished = await post(app, '/api/newsletter/preview', admin, { source: { kind: 'post', postId: draft.id } });
    expect(unpublished.statusCode).toBe(400);
    expect(unpublished.json()).toEqual({ message: 'Only a published post can be sent: publish it first' });
    const missing = await post(app, '/api/newsletter/preview', admin, { source: { kind: 'post', postId: 9999 } });
    expect(missing.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/newsletter/sends/9999', headers: admin })).statusCode).toBe(404);
  });

  it('without SMTP says so, and refuses a test or a send with 503, queueing nothing', async () => {
    const app = await buildTestApp();
    addSubscriber(app, 'awa@example.cm');
    const { admin } = await signedIn(app);
    expect((await app.inject({ method: 'GET', url: '/api/newsletter', headers: admin })).json()).toMatchObject({ smtp: false });
    for (const url of ['/api/newsletter/test', '/api/newsletter/sends']) {
      const response = await post(app, url, admin, { source: announcement });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/needs an SMTP server: set SMTP_URL \(and MAIL_FROM\)/);
    }
    expect(app.db.select().from(newsletterSends).all()).toEqual([]);
    expect(app.db.select().from(newsletterRecipients).all()).toEqual([]);
  });

  it('previews both languages as sent: the English line for a French-only post, its links, the unsubscribe link, nothing from elsewhere', async () => {
    const app = await buildTestApp();
    addSubscriber(app, 'awa@example.cm');
    addSubscriber(app, 'john@example.cm', { language: 'en' });
    addSubscriber(app, 'pending@example.cm', { status: 'pending' });
    addSubscriber(app, 'gone@example.cm', { bounceStreak: 3 });
    const { admin } = await signedIn(app);
    const media = app.storage.publicUrl('');
    const french = addPost(app, {
      title: 'Rentrée d’octobre',
      slug: 'rentree-octobre',
      coverPhoto: 'blogImages/cover.png',
      description: `<p>Les inscriptions sont <strong>ouvertes</strong>. <a href="https://www.centre.test/contact">Écrivez-nous</a>.</p><p class="ql-align-center"><img src="${media}blogImages/atelier.jpg" alt="L’atelier"></p>`,
    });
    const preview = (await post(app, '/api/newsletter/preview', admin, { source: { kind: 'post', postId: french.id } })).json();
    expect(preview.recipients).toEqual({ fr: 1, en: 1, total: 2 });
    const site = app.config.publicUrls.site;
    const unsubscribe = `${app.config.publicUrls.api}/subscriber/unsubscribe?token=`;
    expect(preview.fr.subject).toBe('Rentrée d’octobre');
    expect(preview.en.subject).toBe('Rentrée d’octobre');
    expect(preview.fr.text).not.toMatch(/only available in French/);
    expect(preview.en.text.split('\n')[0]).toBe('This news is only available in French.');
    expect(preview.en.html).toContain('This news is only available in French.');
    for (const mail of [preview.fr, preview.en]) {
      expect(mail.html).toContain(`href="${site}/blog/rentree-octobre"`);
      expect(mail.text).toContain(`${site}/blog/rentree-octobre`);
      expect(mail.html).toContain(`href="${unsubscribe}`);
      expect(mail.text).toContain(unsubscribe);
      expect(mail.text).toContain('Les inscriptions sont ouvertes. Écrivez-nous (https://www.centre.test/contact).');
      expect(mail.html).not.toMatch(/<style|<script|class="/);
      // Images from the site's own media only: the cover and the one in the text, styled to fit a phone.
      expect(loadedResources(mail.html)).toEqual([`${media}blogImages/cover.png`, `${media}blogImages/atelier.jpg`]);
      expect(mail.html).toMatch(/<img src="[^"]*atelier\.jpg" alt="L’atelier" style="[^"]*max-width:100%/);
      expect(mail.html).toMatch(/<p style="[^"]*text-align:center/);
    }
    expect(preview.fr.text).toMatch(/Se désinscrire\u00a0: /);
    expect(preview.en.text).toMatch(/Unsubscribe: .*&language=en/);

    const english = addPost(app, {
      title: 'Journée portes ouvertes',
      slug: 'portes-ouvertes',
      titleEn: 'Open day',
      descriptionEn: '<p>Come and see the workshops.</p><img src="https://elsewhere.test/pixel.gif">',
    });
    const both = (await post(app, '/api/newsletter/preview', admin, { source: { kind: 'post', postId: english.id } })).json();
    expect(both.en.subject).toBe('Open day');
    expect(both.en.html).toContain(`href="${site}/en/blog/portes-ouvertes"`);
    expect(both.en.html).not.toMatch(/only available in French|elsewhere\.test/);
    expect(both.en.text).toContain('Come and see the workshops.');
    expect(both.fr.html).toContain(`href="${site}/blog/portes-ouvertes"`);
  });

  it('sends each subscriber their language with the one-click headers; a one-click POST forgets the address, a GET changes nothing', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: { ...smtp.env, NEWSLETTER_RATE_PER_MINUTE: '6000' } });
    addSubscriber(app, 'awa@example.cm');
    addSubscriber(app, 'john@example.cm', { language: 'en' });
    addSubscriber(app, 'form@example.cm');
    addSubscriber(app, 'pending@example.cm', { status: 'pending' });
    addSubscriber(app, 'bouncing@example.cm', { bounceStreak: 3 });
    const { admin } = await signedIn(app);
    const source = { ...announcement, subjectEn: 'Open day on Saturday', htmlEn: '<p>Come and see the workshops.</p>' };
    const response = await post(app, '/api/newsletter/sends', admin, { source });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      subject: 'Portes ouvertes samedi',
      kind: 'announcement',
      postId: null,
      sentBy: testAdmin.username,
      recipients: 3,
    });
    await waitUntil(() => smtp.received.length === 3, 'three newsletter e-mails');
    const to = (address: string) => smtp.received.find((mail) => mail.to.includes(address)) as ReceivedMail;
    expect(to('awa@example.cm').headers).toMatch(/^Subject: Portes ouvertes samedi$/m);
    expect(to('john@example.cm').headers).toMatch(/^Subject: Open day on Saturday$/m);
    expect(to('john@example.cm').text).toContain('Come and see the workshops.');
    expect(to('john@example.cm').html).toContain('Come and see the workshops.');
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual(['awa@example.cm', 'form@example.cm', 'john@example.cm']);
    const header = (mail: ReceivedMail, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(mail.headers)?.[1] ?? '';
    expect(header(to('awa@example.cm'), 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = (mail: ReceivedMail) => header(mail, 'List-Unsubscribe').replace(/^<|>$/g, '');
    expect(link(to('awa@example.cm'))).toMatch(/^https?:\/\/.+\/api\/subscriber\/unsubscribe\?token=token-\d+$/);
    expect(to('awa@example.cm').text).toContain(link(to('awa@example.cm')));
    await waitUntil(
      async () => (await app.inject({ method: 'GET', url: '/api/newsletter', headers: admin })).json().sends[0].state === 'done',
      'the send to be done',
    );

    const path = (url: string) => url.slice(url.indexOf('/api/'));
    const opened = await app.inject({ method: 'GET', url: path(link(to('awa@example.cm'))) });
    expect(opened.statusCode).toBe(200);
    expect(app.db.select().from(subscribers).where(eq(subscribers.email, 'awa@example.cm')).get()).toBeDefined();
    const urlencoded = await app.inject({
      method: 'POST',
      url: path(link(to('awa@example.cm'))),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(urlencoded.statusCode).toBe(204);
    expect(urlencoded.body).toBe('');
    const boundary = 'oneClickBoundary';
    const multipart = await app.inject({
      method: 'POST',
      url: path(link(to('john@example.cm'))),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(204);
    const left = app.db
      .select({ email: subscribers.email })
      .from(subscribers)
      .all()
      .map((row) => row.email);
    expect(left.sort()).toEqual(['bouncing@example.cm', 'form@example.cm', 'pending@example.cm']);

    const overview = (await app.inject({ method: 'GET', url: '/api/newsletter', headers: admin })).json();
    expect(overview.sends[0]).toMatchObject({
      state: 'done',
      recipients: 3,
      counts: { sent: 3, queued: 0 },
      finishedAt: expect.any(String),
    });
  });

  it('refuses a post sent before (409) unless sent again on purpose, and records each send', async () => {
    const smtp = await startLoopbackSmtp();
    const app = await buildTestApp({ env: { ...smtp.env, NEWSLETTER_RATE_PER_MINUTE: '6000' } });
    addSubscriber(app, 'awa@example.cm');
    const { admin } = await signedIn(app);
    const { id } = addPost(app, { title: 'Rentrée', slug: 'rentree' });
    const source = { kind: 'post', postId: id };
    expect((await post(app, '/api/newsletter/sends', admin, { source })).statusCode).toBe(201);
    const again = await post(app, '/api/newsletter/sends', admin, { source });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already sent .* \(again: true\)/);
    expect((await post(app, '/api/newsletter/sends', admin, { source, again: true })).statusCode).toBe(201);
    const audit = (await app.inject({ method: 'GET', url: '/api/audit?action=newsletter.send', headers: admin })).json();
    expect(audit).toEqual([
      expect.objectContaining({ actor: testAdmin.username, target: 'Rentrée (1 recipients)' }),
      expect.objectContaining({ actor: testAdmin.username, target: 'Rentrée (1 recipients)' }),
    ]);
    await waitUntil(() => smtp.received.length === 2, 'both sends');

    app.db.delete(subscribers).run();
    const nobody = await post(app, '/api/newsletter/sends', admin, { source: announcement });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toEqual({ message: 'There is no confirmed subscriber to send it to' });
  });

  it('cancels what a send has not sent yet, keeps what it sent, and records the cancel', async () => {
    const smtp = await startLoopbackSmtp();
    // One e-mail a minute: the rest is still queued when the cancel comes.
    const app = await buildTestApp({ env: { ...smtp.env, NEWSLETTER_RATE_PER_MINUTE: '1' } });
    for (let index = 0; index < 5; index += 1) addSubscriber(app, `reader${index}@example.cm`);
    const { admin } = await signedIn(app);
    const { _id } = (await post(app, '/api/newsletter/sends', admin, { source: announcement })).json();
    await waitUntil(() => smtp.received.length === 1, 'the first e-mail');
    const cancelled = await post(app, `/api/newsletter/sends/${_id}/cancel`, admin, {});
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', recipients: 5, counts: { sent: 1, cancelled: 4, queued: 0 } });
    expect((await post(app, `/api/newsletter/sends/${_id}/cancel`, admin, {})).statusCode).toBe(409);
    expect((await post(app, '/api/newsletter/sends/9999/cancel', admin, {})).statusCode).toBe(404);
    const detail = (await app.inject({ method: 'GET', url: `/api/newsletter/sends/${_id}`, headers: admin })).json();
    expect(detail).toMatchObject({ state: 'cancelled', failures: [] });
    const audit = (await app.inject({ method: 'GET', url: '/api/audit?action=newsletter.cancel', headers: admin })).json();
    expect(audit).toEqual([expect.objectContaining({ target: 'Portes ouvertes samedi (1 sent, 4 cancelled)' })]);
  });
});
