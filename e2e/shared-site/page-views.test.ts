import { DatabaseSync } from 'node:sqlite';
import { openSignedIn } from '@cfp/test-support/admin-session';
import { keepScreenshot, viewports } from '@cfp/test-support/browser';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { visitorAddress } from '@cfp/test-support/shared-site';
import { axeViolations } from '@cfp/test-support/site';
import { waitFor } from '@cfp/test-support/waiting';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The count each page shown sends (site/src/scripts/page-view.ts, docs/decisions/0039), from a
 * phone's browser: the other tests' headless browser says so in its user agent and is not counted.
 */
const phoneBrowser =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const counted = ['/formation/soudure', '/en/programmes/welding'];

describe('the pages shown, counted', () => {
  const site = inject('sharedSite');
  let browser: Browser;

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** The addresses the visits came from (X-Forwarded-For, the shared product trusting its proxy). */
  const addresses: string[] = [];

  async function visit(path: string, referer: string, options: BrowserContextOptions = {}, privacyControl = false) {
    const address = visitorAddress();
    addresses.push(address);
    const context = await browser.newContext({
      userAgent: phoneBrowser,
      viewport: viewports.phone,
      extraHTTPHeaders: { 'x-forwarded-for': address },
      ...options,
    });
    if (privacyControl)
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const page = await context.newPage();
    await page.goto(`${site.url}${path}`, { referer, waitUntil: 'load' });
    await context.close();
  }

  function read<T>(query: (database: DatabaseSync) => T): T {
    const database = new DatabaseSync(site.databaseFile, { readOnly: true });
    try {
      return query(database);
    } finally {
      database.close();
    }
  }

  const counts = (paths = counted) =>
    read((database) =>
      database
        .prepare(
          `select path, language, source, screen, views from page_views where path in (${paths.map(() => '?').join(', ')}) order by source`,
        )
        .all(...paths),
    );

  /** Every row of every table, as text. */
  const everything = () =>
    read((database) => {
      const tables = database.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>;
      return tables.map(({ name }) => JSON.stringify(database.prepare(`select * from "${name}"`).all())).join('\n');
    });

  /** A pre-enrolment as the programme page's form sends it. */
  async function preEnrol(programme: string, firstName: string) {
    const response = await fetch(`${site.url}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
      body: JSON.stringify({
        programme,
        firstName,
        lastName: 'Mbarga',
        phone: `6 77 ${String(10 + firstName.length).padStart(2, '0')} 20 30`,
        town: 'Nkoabang',
        level: 'bac',
        consent: true,
        language: 'fr',
      }),
    });
    expect(response.status, await response.text()).toBe(201);
  }

  it('counts a page with its language, source and screen, and nothing with Global Privacy Control or without JavaScript', async () => {
    await visit('/formation/soudure', 'https://www.bing.com/', {}, true);
    await visit('/formation/soudure', 'https://duckduckgo.com/', { javaScriptEnabled: false });
    await visit('/formation/soudure', 'https://l.facebook.com/');
    await visit('/formation/soudure', 'https://l.wa.me/');
    await visit('/en/programmes/welding', 'https://www.google.cm/', { viewport: viewports.desktop });

    await waitFor(
      async () => counts().length >= 3,
      10_000,
      () => `the counts written: ${JSON.stringify(counts())}`,
    );
    expect(counts()).toEqual([
      { path: '/formation/soudure', language: 'fr', source: 'facebook', screen: 'phone', views: 1 },
      { path: '/en/programmes/welding', language: 'en', source: 'google', screen: 'desktop', views: 1 },
      { path: '/formation/soudure', language: 'fr', source: 'whatsapp', screen: 'phone', views: 1 },
    ]);
  });

  it('shows the staff exactly what was counted for a programme, by language and source, beside its pre-enrolments, and keeps nothing of the readers', async () => {
    const [french, english] = ['/formation/logistique-transport', '/en/programmes/logistics-transport'];
    await visit(french, 'https://l.wa.me/');
    await visit(french, 'https://web.whatsapp.com/');
    await visit(french, 'https://m.facebook.com/');
    await visit(english, 'https://www.google.com/', { viewport: viewports.desktop });
    await visit(french, 'https://www.google.cm/', {}, true);
    await visit(english, 'https://www.google.cm/', { javaScriptEnabled: false });
    await preEnrol('logistique-transport', 'Brice');
    await preEnrol('logistique-transport', 'Nadège');
    const views = () => (counts([french, english]) as Array<{ views: number }>).reduce((sum, row) => sum + row.views, 0);
    await waitFor(
      async () => views() >= 4,
      10_000,
      () => `the counts written: ${JSON.stringify(counts([french, english]))}`,
    );

    const { page, problems, context } = await openSignedIn(
      browser,
      site.url,
      'desktop',
      site.token,
      'Direction',
      '/admin/interest',
    );
    const table = page.getByRole('table', { name: /^Programmes, sorted by/ });
    const name = table.getByRole('button', { name: 'Logistique et transport' });
    await name.waitFor();
    const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: 'Logistique et transport' }) });
    // Pages shown, in French, in English, pre-enrolments, callbacks, messages, per 100 pages shown.
    expect((await row.getByRole('cell').allTextContents()).slice(1)).toEqual(['4', '3', '1', '2', '0', '0', '50']);
    await name.click();
    const sources = page.getByRole('list', { name: 'Where the readers of Logistique et transport came from' });
    expect((await sources.getByRole('listitem').allTextContents()).slice(0, 3)).toEqual([
      'WhatsApp2 (50%)',
      'Facebook1 (25%)',
      'Google1 (25%)',
    ]);
    await page.getByRole('img', { name: /^Logistique et transport: pages shown and pre-enrolments each week/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'interest-1280');
    await keepScreenshot(page, 'interest-chart-1280', page.locator('.interest__chart'));
    await page.setViewportSize(viewports.phone);
    await keepScreenshot(page, 'interest-390');
    await keepScreenshot(page, 'interest-chart-390', page.locator('.interest__chart'));
    expect(problems).toEqual([]);
    await context.close();

    const stored = everything();
    expect(stored).not.toContain('SM-A145F');
    for (const address of addresses) expect(stored).not.toContain(address);
  });
});
