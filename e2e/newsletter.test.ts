import { apiClient, loginToken, openSignedIn, productEnv, superAdmin } from '@cfp/test-support/admin-session';
import { keepScreenshot } from '@cfp/test-support/browser';
import { type ReceivedMail, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { axeViolations } from '@cfp/test-support/site';
import { scaled } from '@cfp/test-support/time-scale';
import { waitFor } from '@cfp/test-support/waiting';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const readers = [
  { email: 'awa@example.cm', language: 'fr' },
  { email: 'paul@example.cm', language: 'fr' },
  { email: 'grace@example.cm', language: 'en' },
] as const;

const post = {
  title: 'La rentrée d’octobre',
  description: '<p>Les inscriptions pour la rentrée du 5 octobre sont ouvertes.</p>',
  titleEn: 'The October intake',
  descriptionEn: '<p>Enrolment for the intake of 5 October is open.</p>',
  slug: 'rentree-octobre',
  status: 'published',
};

describe('the newsletter, from the admin to the subscribers’ inboxes', () => {
  let product: RunningProduct;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  const mailsTo = (to: string) => smtp.received.filter((mail: ReceivedMail) => mail.to.includes(to));

  /** Subscribes from the site's form in its language, and confirms by the link of the e-mail. */
  async function confirmedReader({ email, language }: (typeof readers)[number]) {
    await apiClient(product.url).post('/subscriber', { email, language });
    await waitFor(
      async () => mailsTo(email).length > 0,
      15_000,
      () => `no confirmation e-mail to ${email}`,
    );
    const link = mailsTo(email)[0]?.text.match(/https?:\/\/\S+\/subscriber\/confirm\?token=[\w-]+(&language=en)?/)?.[0];
    if (!link) throw new Error(`no confirmation link in ${mailsTo(email)[0]?.text}`);
    // The link opens a page whose button confirms (a link scanner changes nothing): the button posts to the same address.
    expect((await fetch(link, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  }

  beforeAll(async () => {
    smtp = await startLoopbackSmtp(0, { closeAfterEach: false });
    [product, browser] = await Promise.all([startProduct({ ...productEnv, ...smtp.env }), connectBrowser()]);
    for (const reader of readers) await confirmedReader(reader);
  }, scaled(60_000));

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await smtp?.close();
  });

  it('an admin previews a published post in both languages, tests it on themselves, sends it, and watches it reach every subscriber once, in their language (the English post’s own page: publishing.test.ts)', {
    timeout: scaled(120_000),
  }, async () => {
    const token = await loginToken(product.url, superAdmin.email, superAdmin.password);
    const { blog } = await apiClient(product.url, token).post<{ blog: { _id: number } }>('/blog', post);

    const { page, context, problems } = await openSignedIn(
      browser,
      product.url,
      'desktop',
      token,
      'Direction',
      '/admin/newsletter',
    );
    await page.getByText('3 confirmed subscribers: 2 in French, 1 in English.').waitFor();
    await page.getByLabel('Post', { exact: true }).selectOption(String(blog._id));
    await page.getByRole('button', { name: 'Preview' }).click();
    const french = page.frameLocator('iframe[title="The e-mail in French"]');
    await french.getByText('Les inscriptions pour la rentrée du 5 octobre sont ouvertes.').waitFor();
    await page.getByRole('tab', { name: 'English (1)' }).click();
    const english = page.frameLocator('iframe[title="The e-mail in English"]');
    await english.getByText('Enrolment for the intake of 5 October is open.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'newsletter-preview-1280');

    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await waitFor(
      async () => mailsTo(superAdmin.email).length >= 2,
      15_000,
      () => 'no test e-mails to the admin',
    );
    expect(
      mailsTo(superAdmin.email)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([`[Test] ${post.title}`, `[Test] ${post.titleEn}`]);

    await page.getByRole('button', { name: 'Send to 3 subscribers' }).click();
    await page
      .getByRole('dialog', { name: 'Send the newsletter?' })
      .getByRole('button', { name: 'Send to 3 subscribers' })
      .click();
    const row = page.getByRole('row').filter({ hasText: post.title });
    await row.getByText('3 of 3 sent').waitFor({ timeout: scaled(60_000) });
    await row.getByText('Sent', { exact: true }).waitFor();
    await keepScreenshot(page, 'newsletter-sent-1280');
    // The post's row in Blogs leads back here, the post chosen.
    await page.getByRole('link', { name: 'Blogs', exact: true }).click();
    const sendPost = page.getByRole('link', { name: `Send as newsletter: ${post.title}` });
    await sendPost.waitFor();
    await keepScreenshot(page, 'blogs-send-as-newsletter-1280');
    await sendPost.click();
    expect(await page.getByLabel('Post', { exact: true }).inputValue()).toBe(String(blog._id));
    expect(problems).toEqual([]);
    await context.close();

    for (const { email, language } of readers) {
      const newsletters = mailsTo(email).filter((mail) => mail.subject === post.title || mail.subject === post.titleEn);
      expect(newsletters, email).toHaveLength(1);
      const [mail] = newsletters as [ReceivedMail];
      expect(mail.subject).toBe(language === 'en' ? post.titleEn : post.title);
      expect(mail.headers).toMatch(/List-Unsubscribe: <https?:\/\/\S+>/);
      expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    }
  });

  it('shows the Newsletter screen on a phone, the preview readable at 390 px', { timeout: scaled(60_000) }, async () => {
    const token = await loginToken(product.url, superAdmin.email, superAdmin.password);
    const { page, context, problems } = await openSignedIn(
      browser,
      product.url,
      'phone',
      token,
      'Direction',
      '/admin/newsletter',
    );
    await page.getByRole('radio', { name: 'An announcement' }).check();
    await page.getByLabel('Subject *').fill('Journée portes ouvertes le samedi 14 novembre');
    await page.locator('.ql-editor').first().fill('Venez visiter les ateliers de soudure et de couture.');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.frameLocator('iframe[title="The e-mail in French"]').getByText('Venez visiter les ateliers').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'newsletter-announcement-390');
    await keepScreenshot(page, 'newsletter-announcement-mail-390', page.locator('iframe'));
    expect(problems).toEqual([]);
    await context.close();
  });
});
