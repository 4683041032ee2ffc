import { apiClient, loginToken, openSignedIn, productEnv, superAdmin } from '@cfp/test-support/admin-session';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { axeViolations } from '@cfp/test-support/site';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * axe-core on every admin screen and in the states a user opens (pickers, dialogs, menus), at
 * the phone and the desktop widths: what is listed here is what staff can reach.
 */
describe('every admin screen and state for axe-core', () => {
  let product: RunningProduct;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(productEnv), connectBrowser()]);
    token = await loginToken(product.url, superAdmin.email, superAdmin.password);
    const visitor = apiClient(product.url);
    const staff = apiClient(product.url, token);
    await staff.post('/blog', { title: 'Rentrée d’octobre', description: '<h2>Dates</h2><p>Les cours reprennent.</p>' });
    await visitor.post('/contact', {
      firstName: 'Jean',
      lastName: 'Mballa',
      email: 'jean@example.cm',
      phone: '+237 699 00 00 00',
      message: 'Bonjour, quelles sont les dates de la prochaine rentrée ?',
    });
    await visitor.post('/subscriber', { email: 'lectrice@example.cm' });
    await visitor.post('/applications', {
      programme: 'soudure',
      firstName: 'Awa',
      lastName: 'Ngono',
      phone: '6 99 00 11 22',
      town: 'Nkoabang',
      level: 'bepc',
      consent: true,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** Each step brings the page to a state; axe runs on each; the violations are listed by state. */
  async function sweep(page: Page, states: Array<[name: string, reach: () => Promise<unknown>]>): Promise<string[]> {
    const found: string[] = [];
    for (const [name, reach] of states) {
      await reach();
      for (const violation of await axeViolations(page)) found.push(`${name}: ${violation}`);
    }
    return found;
  }

  const screen = (page: Page, path: string, heading: string) => async () => {
    await page.goto(`${product.url}/admin${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  };

  const picker = (page: Page, label: string) => async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: label, exact: true }).click();
    await page.locator('.ql-expanded .ql-picker-options').waitFor();
  };

  // The two widths at once, each in its own context: while one waits for a screen, axe runs on the other.
  for (const viewport of ['phone', 'desktop'] as const) {
    it.concurrent(`has no violation at the ${viewport} width`, async () => {
      const { context, page } = await openSignedIn(browser, product.url, viewport, token, 'Direction');
      const states: Array<[string, () => Promise<unknown>]> = [
        ['dashboard', screen(page, '/dashboard', 'Dashboard')],
        ['blogs', screen(page, '/blogs', 'Blog Management')],
        ['new post', screen(page, '/create-blog', 'Create New Blog')],
        ['heading picker', picker(page, 'Heading')],
        ['colour picker', picker(page, 'Text colour')],
        ['highlight picker', picker(page, 'Background colour')],
        ['alignment picker', picker(page, 'Alignment')],
        [
          'link dialog',
          async () => {
            await page.keyboard.press('Escape');
            await page.locator('.ql-editor').click();
            await page.getByRole('button', { name: 'Link', exact: true }).click();
            await page.getByRole('dialog', { name: 'Insert link' }).waitFor();
          },
        ],
        [
          'image dialog',
          async () => {
            await page.getByRole('button', { name: 'Cancel' }).last().click();
            await page.getByRole('button', { name: 'Image', exact: true }).click();
            await page.getByRole('dialog', { name: 'Insert image' }).waitFor();
          },
        ],
        [
          'post form errors',
          async () => {
            await page.getByRole('dialog', { name: 'Insert image' }).getByRole('button', { name: 'Cancel' }).click();
            await page.getByRole('button', { name: 'Create Blog Post' }).click();
            await page.locator('[aria-invalid="true"]').first().waitFor();
          },
        ],
        [
          'English version with its error',
          async () => {
            await page.getByText('English version (optional)').click();
            await page.getByLabel('English title').fill('January intake');
            await page.getByRole('button', { name: 'Create Blog Post' }).click();
            await page.getByText('English text is required with an English title').waitFor();
          },
        ],
        ['messages', screen(page, '/messages', 'Messages')],
        [
          'a message',
          async () => {
            await page
              .getByRole('button', { name: /Jean Mballa/ })
              .first()
              .click();
            await page.getByRole('heading', { name: 'Jean Mballa' }).waitFor();
          },
        ],
        ['applications', screen(page, '/applications', 'Applications')],
        ['admins', screen(page, '/admins', 'Admins')],
        [
          'add admin dialog',
          async () => {
            await page.getByRole('button', { name: 'Add Admin' }).click();
            await page.getByRole('dialog').waitFor();
          },
        ],
        ['subscribers', screen(page, '/subscribers', 'Subscribers')],
        ['audit log', screen(page, '/audit', 'Audit log')],
        [
          'user menu',
          async () => {
            await page.locator('.user-menu__toggle').click();
            await page.getByRole('button', { name: 'Logout' }).waitFor();
          },
        ],
      ];
      if (viewport === 'phone') {
        states.push([
          'menu dialog',
          async () => {
            await page.keyboard.press('Escape');
            await page.getByRole('button', { name: 'Menu' }).click();
            await page.getByRole('dialog', { name: 'Menu' }).waitFor();
          },
        ]);
      }
      // The signed-out pages: sign-in, a forgotten password, a link that no longer works.
      states.push(
        ['login', screen(page, '/login', 'Admin Login')],
        ['forgot password', screen(page, '/forgot-password', 'Forgot password')],
        [
          'a spent link',
          async () => {
            await page.goto(`${product.url}/admin/set-password#token=${'A'.repeat(43)}`);
            await page.getByRole('alert').filter({ hasText: 'This link has expired' }).waitFor();
          },
        ],
      );
      expect(await sweep(page, states)).toEqual([]);
      await context.close();
    });
  }
});
