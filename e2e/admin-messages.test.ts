import { apiClient, loginToken, productEnv, superAdmin } from '@cfp/test-support/admin-session';
import { keepScreenshot, viewports } from '@cfp/test-support/browser';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { axeViolations, watchProblems } from '@cfp/test-support/site';
import { scaled } from '@cfp/test-support/time-scale';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('answering a contact message from the admin', () => {
  let product: RunningProduct;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(productEnv), connectBrowser()]);
    token = await loginToken(product.url, superAdmin.email, superAdmin.password);
    // Sent as the site's form sends it: the programme's slug, the number as the visitor typed it.
    await apiClient(product.url).post('/contact', {
      firstName: 'Awa',
      lastName: 'Ngono',
      email: 'awa.ngono@example.cm',
      phone: '6 99 00 11 22',
      message: 'Bonjour, la formation en soudure commence-t-elle en octobre ?',
      programme: 'soudure',
    });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('on a phone with touch: the programme by its name, and e-mail, call and WhatsApp replies to a local number', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, hasTouch: true, isMobile: true });
    context.setDefaultTimeout(scaled(10_000));
    await context.addInitScript(
      ([storedToken]) => {
        if (!localStorage.getItem('token')) localStorage.setItem('token', storedToken as string);
        localStorage.setItem('username', 'Direction');
      },
      [token],
    );
    const page = await context.newPage();
    const watch = watchProblems(page);
    await page.goto(`${product.url}/admin/messages`);

    await page.getByRole('button', { name: /Unread: Awa Ngono/ }).tap();
    const reader = page.getByRole('article', { name: 'Awa Ngono' });
    await reader.waitFor();
    const programme = reader.getByRole('link', { name: 'Soudure' });
    expect(await programme.getAttribute('href')).toMatch(/^http:\/\/[^/]+\/formation\/soudure$/);
    await reader
      .getByText('Not emailed: this server does not send email. Read it here and reply to the visitor directly.')
      .waitFor();
    expect(await reader.locator('time').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    const actions = reader.getByRole('list', { name: 'Contact Awa' });
    expect(await actions.getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe('tel:+237699001122');
    const whatsApp = new URL((await actions.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href')) ?? '');
    expect(`${whatsApp.origin}${whatsApp.pathname}`).toBe('https://wa.me/237699001122');
    expect(whatsApp.searchParams.get('text')).toBe('Bonjour Awa, le centre de formation vous répond au sujet de votre message.');
    expect(await actions.getByRole('link', { name: /^Reply by email/ }).getAttribute('href')).toBe(
      'mailto:awa.ngono@example.cm?subject=Re%3A%20%C2%AB%20votre%20message%20%C2%BB',
    );
    await keepScreenshot(page, 'message-390');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('list', { name: 'Messages, newest first' }).waitFor();
    await keepScreenshot(page, 'message-1280');
    expect(await axeViolations(page)).toEqual([]);

    watch.stop();
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});
