import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { type Browser, chromium, type Download, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this closed network needs (no background connections). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * For a person to look at, never checked: a PNG of the whole page from its top (or of `part`),
 * written to SCREENSHOTS_DIR when it is set, nothing otherwise.
 */
export async function keepScreenshot(page: Page, name: string, part?: Locator): Promise<void> {
  const directory = process.env.SCREENSHOTS_DIR;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${name}.png`);
  if (part) return void (await part.screenshot({ path: file }));
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: file, fullPage: true });
}

/**
 * A downloaded file's text, byte for byte (a byte-order mark kept), read through the browser's
 * connection: a shared browser (shared-browser.ts) has no local path for it.
 */
export async function downloadedText(download: Download): Promise<string> {
  return (await buffer(await download.createReadStream())).toString('utf8');
}
