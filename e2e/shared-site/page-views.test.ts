import { DatabaseSync } from 'node:sqlite';
import { viewports } from '@cfp/test-support/browser';
import { connectBrowser } from '@cfp/test-support/shared-browser';
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

  async function visit(path: string, referer: string, options: BrowserContextOptions = {}, privacyControl = false) {
    const context = await browser.newContext({ userAgent: phoneBrowser, viewport: viewports.phone, ...options });
    if (privacyControl)
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const page = await context.newPage();
    await page.goto(`${site.url}${path}`, { referer, waitUntil: 'load' });
    await context.close();
  }

  function counts() {
    const database = new DatabaseSync(site.databaseFile, { readOnly: true });
    try {
      return database
        .prepare(
          `select path, language, source, screen, views from page_views where path in (${counted.map(() => '?').join(', ')}) order by source`,
        )
        .all(...counted);
    } finally {
      database.close();
    }
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
});
