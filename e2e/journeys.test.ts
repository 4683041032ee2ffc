import { launchBrowser, viewports } from '@cfp/test-support/browser';
import { mailText, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { type RunningProduct, startProduct, waitFor } from '@cfp/test-support/product';
import { fillContactForm } from '@cfp/test-support/site';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const admin = { email: 'direction@centre.test', password: 'journey passphrase long' };

describe('whole journeys', () => {
  let product: RunningProduct;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  let token: string;

  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${product.url}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
    });
    const text = await response.text();
    return (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  };

  beforeAll(async () => {
    smtp = await startLoopbackSmtp(0, { closeAfterEach: false });
    product = await startProduct({
      ...smtp.env,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SITE_REBUILD_DEBOUNCE_MS: '500',
    });
    await waitFor(
      async () => (await fetch(`${product.url}/`)).status === 200,
      240_000,
      () => product.output(),
    );
    browser = await launchBrowser();
    const login = await fetch(`${product.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    token = ((await login.json()) as { Token: string }).Token;
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await smtp?.close();
  });

  it('an administrator writes and publishes a post with an uploaded cover; the static site shows it within a minute, then its new title, then not at all', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');

    await page.goto(`${product.url}/admin/create-blog`);
    await page.getByLabel(/Blog Title/).fill('Journée portes ouvertes à Nkoabang');
    await page.locator('.ql-editor').click();
    // Pasted as an editor user pastes from a word processor: Quill turns it into its own formats.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<h2>Au programme</h2><p>Visitez nos ateliers et rencontrez les <span style="color: rgb(230, 0, 0);">formateurs</span>.</p><ul><li>Soudure</li><li>Électricité</li></ul><p>Inscriptions sur <a href="https://example.cm/inscription">notre page</a>.</p>',
      );
      data.setData('text/plain', 'Au programme');
      document
        .querySelector('.ql-editor')
        ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const cover = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 1200;
      canvas.height = 800;
      const context2d = canvas.getContext('2d') as CanvasRenderingContext2D;
      context2d.fillStyle = '#0d5c3a';
      context2d.fillRect(0, 0, 1200, 800);
      context2d.fillStyle = '#f2a900';
      context2d.fillRect(300, 200, 600, 400);
      return canvas.toDataURL('image/png').split(',')[1] as string;
    });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'portes-ouvertes.png', mimeType: 'image/png', buffer: Buffer.from(cover, 'base64') });
    await page.getByText('Image uploaded').waitFor({ timeout: 30_000 });
    await page.getByLabel('Image description *').fill('L’affiche des portes ouvertes');
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByText('Blog post created successfully!').waitFor();
    await page.waitForURL('**/admin/blogs', { timeout: 10_000 });

    const slug = 'journee-portes-ouvertes-a-nkoabang';
    await waitFor(
      async () => (await fetch(`${product.url}/blog`).then((r) => r.text())).includes('Journée portes ouvertes à Nkoabang'),
      60_000,
      () => 'the post did not reach /blog',
    );
    const postHtml = await (await fetch(`${product.url}/blog/${slug}`)).text();
    expect(postHtml).toMatch(/<h2[^>]*>Au programme<\/h2>/);
    expect(postHtml).toMatch(/<li[^>]*>Soudure<\/li>/);
    expect(postHtml).toMatch(/style="color:\s*rgb\(230, 0, 0\)[^"]*"[^>]*>formateurs/);
    expect(postHtml).toContain('href="https://example.cm/inscription"');
    expect(postHtml).toMatch(/<img[^>]+srcset="[^"]*-960w\.webp[^"]*"/);

    await page.getByRole('link', { name: 'Edit Journée portes ouvertes à Nkoabang' }).click();
    await page.getByLabel(/Blog Title/).fill('Journée portes ouvertes : nouvelle date');
    await page.getByRole('button', { name: 'Update Blog Post' }).click();
    await page.getByText(/Blog post updated successfully!/).waitFor();
    await waitFor(
      async () => (await fetch(`${product.url}/blog/${slug}`).then((r) => r.text())).includes('nouvelle date'),
      60_000,
      () => 'the new title did not reach the post page',
    );

    await page.goto(`${product.url}/admin/blogs`);
    await page.getByRole('button', { name: 'Delete Journée portes ouvertes : nouvelle date' }).click();
    await page.getByText('Are you sure you want to delete this blog?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Blog deleted successfully!').waitFor();
    await waitFor(
      async () => (await fetch(`${product.url}/blog/${slug}`)).status === 404,
      60_000,
      () => 'the deleted post is still online',
    );
    expect(await fetch(`${product.url}/blog`).then((r) => r.text())).not.toContain('nouvelle date');
    await context.close();
  });

  it('a visitor on a phone goes from home to a programme, sends the pre-filled contact form; it reaches the inbox and the mailbox', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${product.url}/`);
    await page.locator('[data-menu-button]').tap();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: /Industriel/ })
      .tap();
    await page.waitForURL('**/departement/industriel-technique');
    await page.locator('a[href="/formation/soudure"]').first().tap();
    await page.waitForURL('**/formation/soudure');
    await page.locator('a[href="/contact?formation=soudure"]').first().tap();
    await page.waitForURL('**/contact?formation=soudure');
    await expect.poll(() => page.locator('#contact-programme').inputValue()).toBe('soudure');

    await fillContactForm(page, {
      firstName: 'Aïcha',
      lastName: 'Mbarga',
      email: 'aicha.mbarga@example.cm',
      phone: '+237 699 00 11 22',
      message: 'Bonjour, quand commence la prochaine session de soudure ?',
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).tap();
    await page.getByRole('button', { name: 'Message envoyé ✅' }).waitFor();
    await context.close();

    const messages = (await api<{ items: Array<{ firstName: string; programme: string; status: string }> }>('/messages')).items;
    expect(messages[0]).toMatchObject({ firstName: 'Aïcha', programme: 'soudure', status: 'new' });
    await waitFor(
      async () => smtp.received.length === 1,
      15_000,
      () => 'no e-mail reached the loopback SMTP server',
    );
    const mail = mailText(smtp.received[0]);
    expect(mail).toContain('Formation : Soudure');
    expect(mail).toContain('prochaine session de soudure');
  });

  it('a visitor subscribes from the footer, again in upper case, confirms, is listed and exported, then unsubscribes by the link and is gone', async () => {
    const received = smtp.received.length;
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(`${product.url}/about`);
    const footerForm = page.locator('footer form').filter({ has: page.locator('input[type=email]') });
    await footerForm.locator('input[type=email]').fill('Nadia.Fouda@example.cm');
    await footerForm.getByRole('button', { name: 'S’abonner' }).click();
    await page.getByText(/confirmez votre inscription/).waitFor();
    await page.reload();
    await footerForm.locator('input[type=email]').fill('NADIA.FOUDA@EXAMPLE.CM');
    await footerForm.getByRole('button', { name: 'S’abonner' }).click();
    await page.getByText(/confirmez votre inscription/).waitFor();
    await context.close();

    await waitFor(
      async () => smtp.received.length >= received + 2,
      15_000,
      () => 'confirmation e-mails missing',
    );
    const mail = mailText(smtp.received.at(-1));
    const confirm = mail.match(/(http:\/\/127\.0\.0\.1:\d+\/api\/subscriber\/confirm\?token=[\w-]+)/)?.[1];
    const unsubscribe = mail.match(/(http:\/\/127\.0\.0\.1:\d+\/api\/subscriber\/unsubscribe\?token=[\w-]+)/)?.[1];
    expect(confirm).toBeDefined();
    expect(unsubscribe).toBeDefined();
    const confirmed = await fetch(confirm as string);
    expect(confirmed.url).toMatch(/\/newsletter\/confirmee$/);
    expect(await confirmed.text()).toMatch(/confirm/i);

    const { items: list } = await api<{ items: Array<{ email: string; status: string }> }>('/subscribers');
    expect(list).toEqual([expect.objectContaining({ email: 'nadia.fouda@example.cm', status: 'confirmed' })]);
    const csv = await api<string>('/subscriber/export.csv');
    expect(csv).toContain('"nadia.fouda@example.cm";"Confirmed"');

    const left = await fetch(unsubscribe as string);
    expect(left.url).toMatch(/\/newsletter\/desinscrit$/);
    expect((await api<{ items: unknown[] }>('/subscribers')).items).toEqual([]);
  });

  it('a visitor without JavaScript reads every page, opens every FAQ answer and reaches the contact details', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${product.url}/faq`);
    const questions = page.locator('details.faq__item');
    expect(await questions.count()).toBe(10);
    for (let index = 0; index < 10; index += 1) {
      const question = questions.nth(index);
      await question.locator('summary').click();
      await expect.poll(() => question.evaluate((element) => element.hasAttribute('open'))).toBe(true);
      expect(await question.locator('summary + *').isVisible()).toBe(true);
    }
    for (const path of ['/', '/formations', '/departement/langues', '/formation/chinois', '/about', '/blog', '/contact']) {
      const response = await page.goto(`${product.url}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator('h1').count(), path).toBe(1);
    }
    await page.goto(`${product.url}/contact`);
    expect(await page.getByText('Nkoabang').first().isVisible()).toBe(true);
    await context.close();
  });
});
