import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openSignedIn } from '@cfp/test-support/admin-session';
import { keepScreenshot } from '@cfp/test-support/browser';
import { type ContentProduct, saveAndWaitLive, startContentProduct } from '@cfp/test-support/content-product';
import { scratchContentRepository } from '@cfp/test-support/content-repository';
import type { RunningProduct } from '@cfp/test-support/product';
import { scaled } from '@cfp/test-support/time-scale';
import { publishWaitMs, waitFor } from '@cfp/test-support/waiting';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * An English page that lags its French one says so, on a product run as `pnpm start` runs it on
 * a scratch git repository holding the content fixture: the staff change a French text from the
 * admin, the English page tells its readers; they translate it, and the notice is gone.
 */
let running: ContentProduct;
let product: RunningProduct;
let browser: Browser;
let token: string;
const repository = scratchContentRepository('cfp-english-lag-', { fixture: true });
const englishPage = '/en/programmes/refrigeration-air-conditioning';
const frenchPage = '/formation/froid-climatisation';
const englishFile = () => readFileSync(path.join(repository.contentDir, 'en/formations/froid-climatisation.md'), 'utf8');
const pageText = async (pagePath: string) => (await fetch(`${product.url}${pagePath}`)).text();
const lagging = async (pagePath: string) => (await pageText(pagePath)).includes('class="english-lag"');
/** `pnpm content:translated`, as an editor runs it in their checkout. */
const stampCommand = path.resolve(import.meta.dirname, '../packages/content/src/translated-cli.ts');

beforeAll(async () => {
  running = await startContentProduct(repository.contentDir);
  ({ product, browser, token } = running);
}, scaled(300_000));

afterAll(async () => {
  await running?.stop();
  repository.remove();
});

describe('an English page behind its French one', () => {
  it(
    'says so at its top, with the day of the French change and a link to the French, until its English is translated',
    async () => {
      expect(await pageText(englishPage)).not.toContain('class="english-lag"');
      const { page, context, problems } = await openSignedIn(
        browser,
        product.url,
        'phone',
        token,
        'Direction',
        '/admin/content/programmes/froid-climatisation',
        { touch: true },
      );
      await page.locator('[name="summary"]').waitFor();
      const stampBefore = /^translationOf: .*$/m.exec(englishFile())?.[0];
      await page
        .locator('[name="summary"]')
        .fill('Installez et dépannez climatiseurs, chambres froides et vitrines réfrigérées.');
      await saveAndWaitLive(page, { tap: true });
      // The French alone changed: the English file, its stamp included, is as it was.
      expect(/^translationOf: .*$/m.exec(englishFile())?.[0]).toBe(stampBefore);

      const day = execFileSync('git', ['log', '-1', '--format=%cs', '--', 'formations/froid-climatisation.md'], {
        cwd: repository.contentDir,
        encoding: 'utf8',
      }).trim();
      const said = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(`${day}T12:00:00Z`),
      );
      await page.goto(`${product.url}${englishPage}`);
      const notice = page.locator('.english-lag');
      expect((await notice.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
        `This page was updated in French on ${said}; the English may be out of date. Lire la page en français`,
      );
      const link = notice.getByRole('link');
      expect([await link.getAttribute('href'), await link.getAttribute('lang')]).toEqual([frenchPage, 'fr']);
      await keepScreenshot(page, 'english-lag-390');
      // The notice is the English page's only: the French page and the other English pages say nothing.
      expect(await pageText(frenchPage)).not.toContain('class="english-lag"');
      expect(await pageText('/en/programmes/welding')).not.toContain('class="english-lag"');

      await page.goto(`${product.url}/admin/content/programmes/froid-climatisation`);
      await page
        .locator('[name="english.summary"]')
        .fill('Install and repair air conditioners, cold rooms and refrigerated display cases.');
      await saveAndWaitLive(page, { tap: true });
      expect(await pageText(englishPage)).not.toContain('class="english-lag"');
      expect(await pageText(englishPage)).toContain('Install and repair air conditioners');
      expect(problems).toEqual([]);
      await context.close();
    },
    scaled(3 * publishWaitMs),
  );

  it(
    'says so on the English FAQ once a French answer changes in git, and no more once the translator stamps the English',
    async () => {
      const { git, contentDir } = repository;
      const faq = path.join(contentDir, 'faq.yaml');
      writeFileSync(faq, readFileSync(faq, 'utf8').replace(/^ {2}answer: "/m, '  answer: "Bienvenue ! '));
      git('-c', 'user.name=Editor', '-c', 'user.email=editor@centre.test', 'commit', '--quiet', '-am', 'FAQ: first answer');
      await waitFor(
        () => lagging('/en/faq'),
        scaled(publishWaitMs),
        () => product.output(),
      );
      expect(await lagging('/faq')).toBe(false);

      // The translator reads the English, finds it still right, and says so.
      execFileSync(process.execPath, [stampCommand, `--content=${contentDir}`, '--as-is', path.join(contentDir, 'en/faq.yaml')]);
      git('-c', 'user.name=Editor', '-c', 'user.email=editor@centre.test', 'commit', '--quiet', '-am', 'FAQ: English current');
      await waitFor(
        async () => !(await lagging('/en/faq')),
        scaled(publishWaitMs),
        () => product.output(),
      );
    },
    scaled(3 * publishWaitMs),
  );
});
