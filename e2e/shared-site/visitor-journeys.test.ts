import { viewports } from '@cfp/test-support/browser';
import { mailText, readMailbox } from '@cfp/test-support/loopback-smtp';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { visitorContext } from '@cfp/test-support/shared-site';
import { fillContactForm } from '@cfp/test-support/site';
import { waitFor } from '@cfp/test-support/waiting';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** Visitors' whole journeys on the shared product: a message, a newsletter subscription, the site without JavaScript. */
describe('whole journeys of visitors', () => {
  const site = inject('sharedSite');
  let browser: Browser;

  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${site.url}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${site.token}`, 'content-type': 'application/json', ...init.headers },
    });
    const text = await response.text();
    return (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  };

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor on a phone goes from home to a programme, sends the pre-filled contact form; it reaches the inbox and the mailbox', async () => {
    const context = await visitorContext(browser, { viewport: viewports.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
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
    const forwarded = () => readMailbox(site.mailboxFile).find((mail) => mail.text.includes('prochaine session de soudure'));
    await waitFor(
      async () => forwarded() !== undefined,
      15_000,
      () => 'the message did not reach the inbox through the loopback SMTP server',
    );
    const mail = mailText(forwarded());
    expect(mail).toContain('Formation : Soudure');
    expect(mail).toContain('prochaine session de soudure');
  });

  it('a visitor subscribes from the footer, again in upper case, confirms, is listed and exported, then unsubscribes by the link and is gone', async () => {
    const toNadia = () => readMailbox(site.mailboxFile).filter((mail) => mail.to.includes('nadia.fouda@example.cm'));
    const context = await visitorContext(browser, { viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(`${site.url}/about`);
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
      async () => toNadia().length >= 2,
      15_000,
      () => 'confirmation e-mails missing',
    );
    const mail = mailText(toNadia().at(-1));
    const confirm = mail.match(/(http:\/\/127\.0\.0\.1:\d+\/api\/subscriber\/confirm\?token=[\w-]+)/)?.[1];
    const unsubscribe = mail.match(/(http:\/\/127\.0\.0\.1:\d+\/api\/subscriber\/unsubscribe\?token=[\w-]+)/)?.[1];
    expect(confirm).toBeDefined();
    expect(unsubscribe).toBeDefined();
    // Opening the link (as a mail scanner does) shows the button that confirms; the button posts it.
    expect(await (await fetch(confirm as string)).text()).toContain('Confirmer mon inscription</button>');
    const confirmed = await fetch(confirm as string, { method: 'POST' });
    expect(confirmed.url).toMatch(/\/newsletter\/confirmee$/);
    expect(await confirmed.text()).toMatch(/confirm/i);

    const { items: list } = await api<{ items: Array<{ email: string; status: string }> }>('/subscribers');
    // Once, in lower case, whatever other visitors of the shared product subscribed.
    expect(list.filter((subscriber) => subscriber.email === 'nadia.fouda@example.cm')).toEqual([
      expect.objectContaining({ status: 'confirmed' }),
    ]);
    const csv = await api<string>('/subscriber/export.csv');
    expect(csv).toContain('"nadia.fouda@example.cm";"Confirmed"');

    expect(await (await fetch(unsubscribe as string)).text()).toContain('Me désinscrire</button>');
    const left = await fetch(unsubscribe as string, { method: 'POST' });
    expect(left.url).toMatch(/\/newsletter\/desinscrit$/);
    const after = (await api<{ items: Array<{ email: string }> }>('/subscribers')).items;
    expect(after.map((subscriber) => subscriber.email)).not.toContain('nadia.fouda@example.cm');
  });

  it('a visitor without JavaScript reads every page, opens every FAQ answer and reaches the contact details', async () => {
    const context = await visitorContext(browser, { viewport: viewports.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/faq`);
    const questions = page.locator('details.faq__item');
    expect(await questions.count()).toBe(14);
    for (let index = 0; index < 14; index += 1) {
      const question = questions.nth(index);
      await question.locator('summary').click();
      await expect.poll(() => question.evaluate((element) => element.hasAttribute('open'))).toBe(true);
      expect(await question.locator('summary + *').isVisible()).toBe(true);
    }
    for (const path of ['/', '/formations', '/departement/langues', '/formation/chinois', '/about', '/blog', '/contact']) {
      const response = await page.goto(`${site.url}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator('h1').count(), path).toBe(1);
    }
    await page.goto(`${site.url}/contact`);
    expect(await page.getByText('Nkoabang').first().isVisible()).toBe(true);
    await context.close();
  });
});
