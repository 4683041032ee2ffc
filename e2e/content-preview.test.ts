import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openSignedIn } from '@cfp/test-support/admin-session';
import { keepScreenshot } from '@cfp/test-support/browser';
import { type ContentProduct, saveAndWaitLive, startContentProduct } from '@cfp/test-support/content-product';
import { scratchContentRepository } from '@cfp/test-support/content-repository';
import type { RunningProduct } from '@cfp/test-support/product';
import { scaled } from '@cfp/test-support/time-scale';
import { publishWaitMs } from '@cfp/test-support/waiting';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * "Preview" beside Save in the content forms: the values as typed, on the site's own pages in
 * both languages, before anything is committed or published; on one product run as `pnpm start`
 * runs it, on a scratch git repository holding the content fixture.
 */
let running: ContentProduct;
let product: RunningProduct;
let browser: Browser;
let token: string;
const repository = scratchContentRepository('cfp-content-preview-', { fixture: true });
const { git } = repository;
const file = (name: string) => readFileSync(path.join(repository.contentDir, name), 'utf8');
const pageText = async (pagePath: string) => (await fetch(`${product.url}${pagePath}`)).text();
const amount = (digits: string) => new RegExp(`${digits.slice(0, 2)}[\\s\\u00a0\\u202f,]${digits.slice(2)}[\\s\\u00a0]FCFA`);

beforeAll(async () => {
  running = await startContentProduct(repository.contentDir);
  ({ product, browser, token } = running);
}, scaled(300_000));

afterAll(async () => {
  await running?.stop();
  repository.remove();
});

/** Opens a link of the preview's note in the new tab it opens; collects what the page's policy refuses. */
async function openPreviewTab(page: Page, name: string) {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .locator('#root')
      .getByRole('link', { name: `${name} (opens in a new tab)`, exact: true })
      .click(),
  ]);
  const refused: string[] = [];
  tab.on('console', (message) => {
    if (/Refused to (apply|load|execute)/.test(message.text())) refused.push(message.text());
  });
  tab.on('pageerror', (error) => refused.push(error.message));
  await tab.waitForLoadState('load');
  return { tab, refused };
}

describe('previewing a content form', () => {
  for (const { viewport, fee } of [
    { viewport: 'desktop', fee: '27500' },
    { viewport: 'phone', fee: '28500' },
  ] as const) {
    it(
      `on ${viewport === 'desktop' ? 'a 1280 px screen' : 'a phone'}, shows a fee change on the programme’s French and English pages; neither the public page nor git changes until Save`,
      async () => {
        const { page, context, problems } = await openSignedIn(
          browser,
          product.url,
          viewport,
          token,
          'Direction',
          '/admin/content/programmes/soudure',
          { touch: viewport === 'phone' },
        );
        await page.getByLabel('Registration fee').fill(fee);
        const head = git('rev-parse', 'HEAD');
        const before = file('formations/soudure.md');
        const publicBefore = await pageText('/formation/soudure');
        await page.getByRole('button', { name: 'Preview', exact: true }).click();
        await page
          .locator('#root')
          .getByText('Preview ready, not published')
          .waitFor({ timeout: scaled(publishWaitMs) });
        await keepScreenshot(page, `preview-ready-${viewport}`);

        const french = await openPreviewTab(page, 'French page');
        expect(await french.tab.locator('body').textContent()).toMatch(amount(fee));
        await french.tab.locator('[data-preview-note]').getByText('cette page n’est pas publiée').waitFor();
        // The site's styles and its heading font came with the preview, under the page's own policy.
        const heading = french.tab.getByRole('heading', { level: 1 });
        expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/Poppins/);
        expect(
          await french.tab.evaluate(async () => {
            await document.fonts.ready;
            return [...document.fonts].some((face) => face.status === 'loaded');
          }),
        ).toBe(true);
        expect(await french.tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          french.tab.viewportSize()?.width ?? 0,
        );
        await keepScreenshot(french.tab, `preview-programme-fr-${viewport}`);
        expect(french.refused).toEqual([]);
        const served = await fetch(french.tab.url());
        expect(served.headers.get('content-security-policy')).toMatch(/form-action 'none'.*connect-src 'none'/);
        expect(served.headers.get('x-robots-tag')).toBe('noindex');
        // A link of the preview stays in the preview: its department page, with the same unsaved values.
        const departmentLink = french.tab.locator('a[href$="/departement/industriel-technique"]').first();
        expect(await departmentLink.getAttribute('href')).toMatch(/^\/api\/site-preview\/[\w-]{24}\/departement\//);

        const english = await openPreviewTab(page, 'English page');
        expect(english.tab.url()).toMatch(/\/en\/programmes\/welding$/);
        expect(await english.tab.locator('body').textContent()).toMatch(amount(fee));
        await english.tab.locator('[data-preview-note]').getByText('this page is not published').waitFor();
        expect(english.refused).toEqual([]);

        expect(git('rev-parse', 'HEAD')).toBe(head);
        expect(file('formations/soudure.md')).toBe(before);
        expect(await pageText('/formation/soudure')).toBe(publicBefore);

        await saveAndWaitLive(page);
        expect(git('log', '-1', '--format=%an|%s')).toBe('Direction|Soudure: fees');
        expect(await pageText('/formation/soudure')).toMatch(amount(fee));
        expect(problems).toEqual([]);
        await context.close();
      },
      scaled(4 * publishWaitMs),
    );
  }

  it('answers a refused value beside its field, and renders nothing', async () => {
    const { page, context } = await openSignedIn(
      browser,
      product.url,
      'desktop',
      token,
      'Direction',
      '/admin/content/programmes/soudure',
    );
    await page.getByLabel('Registration fee').fill('cheap');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => page.getByLabel('Registration fee').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Preview ready').count()).toBe(0);
    await context.close();
  });

  it('answers an unknown or expired preview’s address with 404 and what to do', async () => {
    const response = await fetch(`${product.url}/api/site-preview/${'a'.repeat(24)}/formation/soudure`);
    expect(response.status).toBe(404);
    expect((await response.json()).message).toMatch(/expired/);
  });
});
