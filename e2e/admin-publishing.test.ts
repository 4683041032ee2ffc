import { productEnv, superAdmin } from '@cfp/test-support/admin-session';
import { keepScreenshot, launchBrowser } from '@cfp/test-support/browser';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { axeViolations } from '@cfp/test-support/site';
import { waitFor } from '@cfp/test-support/waiting';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Long enough for a site build on a busy machine; the notice must get there by itself. */
const buildWait = 240_000;

describe('publishing a post as the staff do, against the real site build', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({ ...productEnv, SITE_REBUILD: 'local', SITE_REBUILD_DEBOUNCE_MS: '200' }),
      launchBrowser(),
    ]);
    // The first build at start: until it is done the site answers 503.
    await waitFor(
      async () => (await fetch(`${product.url}/`)).status === 200,
      buildWait,
      () => 'the site was never built',
    );
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function signIn(viewport: { width: number; height: number }, touch: boolean): Promise<Page> {
    const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/login`);
    await page.getByLabel('Email').fill(superAdmin.email);
    await page.getByLabel('Password').fill(superAdmin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    return page;
  }

  async function writePost(page: Page, title: string) {
    await page.goto(`${product.url}/admin/create-blog`);
    await page.getByLabel('Blog Title *').fill(title);
    await page.locator('.ql-editor').click();
    await page.keyboard.type('Les ateliers de soudure et d’électricité ouvrent leurs portes samedi.');
  }

  const notice = (page: Page) => page.locator('.publication-notice__text');
  const publicStatus = async (slug: string) => (await fetch(`${product.url}/blog/${slug}`)).status;

  it('at 1280×800: a new post is published, the notice follows the build to its link, and the post is signed by the admin', async () => {
    const page = await signIn({ width: 1280, height: 800 }, false);
    await writePost(page, 'Portes ouvertes des ateliers');
    expect(await page.getByLabel('Author Name').inputValue()).toBe('Direction');
    await keepScreenshot(page, 'post-form-1280');
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.locator('#root').getByText('Blog post created successfully!').waitFor();
    await expect
      .poll(() => notice(page).textContent())
      .toMatch(/^Publishing “Portes ouvertes des ateliers”… live in about \d+ s\.$/);
    // The spec's return to the list after 2 s; the notice stays with it.
    await page.waitForURL('**/admin/blogs');
    const link = notice(page).getByRole('link', { name: 'view the post' });
    await link.waitFor({ timeout: buildWait });
    expect(await notice(page).textContent()).toBe('Live: view the post “Portes ouvertes des ateliers” on the site.');
    const row = page.getByRole('row').filter({ hasText: 'Portes ouvertes des ateliers' });
    await row.getByText('Live', { exact: true }).waitFor();
    expect(await row.getByRole('link', { name: /View on site/ }).getAttribute('href')).toBe(await link.getAttribute('href'));
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'post-list-1280');

    await link.click();
    await page.waitForURL('**/blog/portes-ouvertes-des-ateliers');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Portes ouvertes des ateliers');
    expect(await page.locator('main').textContent()).toContain('Par Direction');
  });

  it('at 390×844 by touch: a draft stays off the site, Publish puts it online, Unpublish takes it off', async () => {
    const page = await signIn({ width: 390, height: 844 }, true);
    await writePost(page, 'Brouillon de la rentrée');
    await page.getByRole('button', { name: 'Save as draft' }).tap();
    await page.getByText('Draft saved. It is not on the public site.').waitFor();
    expect(await notice(page).textContent()).toBe('');
    await page.waitForURL('**/admin/blogs');
    expect(await publicStatus('brouillon-de-la-rentree')).toBe(404);

    await page.getByRole('link', { name: 'Edit Brouillon de la rentrée' }).tap();
    await page.getByRole('button', { name: 'Publish' }).waitFor();
    expect(
      await page.getByText('Saves your changes. It stays a draft, off the site.').isVisible(),
      'the hint of Update Blog Post',
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'post-form-draft-390');
    await page.getByRole('button', { name: 'Publish' }).tap();
    await notice(page).getByRole('link', { name: 'view the post' }).waitFor({ timeout: buildWait });
    expect(await publicStatus('brouillon-de-la-rentree')).toBe(200);
    await keepScreenshot(page, 'post-form-live-390');

    await page.getByRole('button', { name: 'Unpublish' }).tap();
    await expect
      .poll(() => notice(page).textContent(), { timeout: buildWait })
      .toBe('Off the site: “Brouillon de la rentrée” is no longer public. It stays here as a draft.');
    expect(await publicStatus('brouillon-de-la-rentree')).toBe(404);
    await page.goto(`${product.url}/admin/blogs`);
    const row = page.getByRole('row').filter({ hasText: 'Brouillon de la rentrée' });
    await row.getByText('Draft', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'post-list-390');
  });
});
