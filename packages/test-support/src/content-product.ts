import type { Browser, Page } from 'playwright-core';
import { loginToken, productEnv, superAdmin } from './admin-session.ts';
import { type RunningProduct, startProduct, untilSiteBuilt } from './product.ts';
import { connectBrowser } from './shared-browser.ts';
import { scaled } from './time-scale.ts';
import { publishWaitMs } from './waiting.ts';

export interface ContentProduct {
  product: RunningProduct;
  browser: Browser;
  /** A superAdmin's token (Direction). */
  token: string;
  stop(): Promise<void>;
}

/**
 * The product run as `pnpm start` runs it on a scratch content repository (its CONTENT_DIR), the
 * site built, with a browser and a superAdmin signed in: what the tests of the content edited from
 * the admin start from. The folder is watched and built soon after a change; `env` adds to that.
 */
export async function startContentProduct(contentDir: string, env: Record<string, string> = {}): Promise<ContentProduct> {
  const [product, browser] = await Promise.all([
    startProduct({
      ...productEnv,
      SITE_REBUILD: 'local',
      CONTENT_DIR: contentDir,
      CONTENT_WATCH_INTERVAL_MS: '200',
      SITE_REBUILD_DEBOUNCE_MS: '200',
      ...env,
    }),
    connectBrowser(),
  ]);
  await untilSiteBuilt(product);
  const token = await loginToken(product.url, superAdmin.email, superAdmin.password);
  return {
    product,
    browser,
    token,
    stop: async () => {
      await browser.close();
      await product.stop();
    },
  };
}

/** Saves a content form (a tap on a touch screen) and waits for the admin to say the change is live. */
export async function saveAndWaitLive(page: Page, { tap = false } = {}): Promise<void> {
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await (tap ? save.tap() : save.click());
  await page
    .locator('#root')
    .getByText('Live on the site')
    .waitFor({ timeout: scaled(publishWaitMs) });
}
