import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type AstroBuild, astroBuild } from '@cfp/test-support/astro-build';
import { keepScreenshot } from '@cfp/test-support/browser';
import { fixtureContent } from '@cfp/test-support/content-fixture';
import { freePort } from '@cfp/test-support/free-port';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { scaled } from '@cfp/test-support/time-scale';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticHost, startStaticHost } from './support/static-host.ts';

/**
 * What staff type goes straight to the public pages: a value with no space in it (a MINEFOP
 * approval number is one word of 38 characters) must wrap, never widen a page past a phone's
 * screen. Every text the admin's forms hold (the centre's details, the programmes, the FAQ, in
 * both languages) gets such a word, and every page is opened at 320 and 390 px.
 */

const unbroken = '000245/MINEFOP/SG/DFOP/SDGSF/CSACD/CBAC';
/** Values that must keep their form (numbers, addresses, keys): given long forms of their own below. */
const keptAsTheyAre =
  /^(number|slug|department|type|entryLevel|mapUrl|email|facebook|twitter|linkedin|youtube|tiktok|instagram|translationOf)$/;

/** Every quoted text of a YAML file (or a markdown file's front matter) shorter than 150 characters, with the unbroken word added. */
function withUnbrokenWords(text: string): string {
  return text.replace(
    /^(\s*(?:- )?(?:(\w+): )?)"([^"\n]{0,150})"$/gm,
    (line, start: string, key: string | undefined, value: string) =>
      (key && keptAsTheyAre.test(key)) || value.startsWith('[À COMPLÉTER') ? line : `${start}"${value} ${unbroken}"`,
  );
}

/** The fixture with every text the forms edit given an unbroken word, and the details given long unbroken values. */
function longValuesContent(): string {
  const directory = fixtureContent();
  const edit = (file: string, change: (text: string) => string) =>
    writeFileSync(path.join(directory, file), change(readFileSync(path.join(directory, file), 'utf8')));
  const programmeFiles = (folder: string) =>
    readdirSync(path.join(directory, folder))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `${folder}/${name}`);
  for (const file of ['faq.yaml', 'en/faq.yaml', ...programmeFiles('formations'), ...programmeFiles('en/formations')]) {
    edit(file, withUnbrokenWords);
  }
  // The unbroken word in every text first, then the details that have a form of their own.
  const details = (text: string) =>
    withUnbrokenWords(text)
      .replace(/^name: .*$/m, `name: "Centre-de-formation-professionnelle-de-Nkoabang-Yaoundé"`)
      .replace(/^shortName: .*$/m, `shortName: "CFPN-${unbroken}"`)
      .replace(/^( {2}street: ).*$/m, `$1"Carrefour-Nkoabang-en-face-de-la-station-service-Tradex"`)
      .replace(/^( {4}number: )"\[À COMPLÉTER[^"]*"$/gm, '$1"+237699123400"')
      .replace(/^( {4}display: )"\[À COMPLÉTER[^"]*"$/gm, '$1"6 99 12 34 00"')
      .replace(/^( {2}number: )"\[À COMPLÉTER: numéro WhatsApp[^"]*"$/m, '$1"+237677000001"')
      .replace(/^( {2}display: )"\[À COMPLÉTER: numéro WhatsApp[^"]*"$/m, '$1"6 77 00 00 01"')
      .replace(/^email: .*$/m, 'email: "secretariat.direction.generale@centre-de-formation-professionnelle-nkoabang.cm"')
      .replace(
        /^mapUrl: .*$/m,
        'mapUrl: "https://www.google.com/maps/place/Centre+de+Formation+Professionnelle+de+Nkoabang/@3.8567,11.5789,17z"',
      )
      .replace(
        /^openingHours: .*$/m,
        'openingHours:\n  - { days: [lundi, mardi, mercredi, jeudi, vendredi], from: "07:30", to: "17:30" }\n  - { days: [lundi, mercredi, vendredi, dimanche], from: "17:30", to: "21:30" }',
      )
      .replace(/^callbackDelay: .*$/m, `callbackDelay: "sous-deux-jours-ouvrables-${unbroken}"`)
      .replace(/^( {2}number: )"\[À COMPLÉTER: numéro de l’arrêté[^"]*"$/m, `$1"${unbroken}"`)
      .replace(/^( {2}validUntil: ).*$/m, '$1"2028-12-31"')
      .replace(/^( {2}facebook: ).*$/m, `$1"https://www.facebook.com/CentreDeFormationProfessionnelleDeNkoabangYaounde"`);
  edit('centre.yaml', details);
  edit('en/centre.yaml', withUnbrokenWords);
  return directory;
}

/**
 * Every page of the build once: its own file, not the `{page}/index.html` copy made for hosts
 * that map no clean URL, nor a former address's page that only sends the browser on.
 */
function pagesOf(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && (file === 'index.html' || path.basename(file) !== 'index.html'))
    .filter((file) => !readFileSync(path.join(outDir, file), 'utf8').includes('http-equiv="refresh"'))
    .map((file) => `/${file}`);
}

describe('values with no space in them, on every page in both languages', () => {
  let build: AstroBuild;
  let host: StaticHost;
  let browser: Browser;
  let content: string;

  beforeAll(async () => {
    content = longValuesContent();
    [build, browser] = await Promise.all([astroBuild({ SITE_CONTENT_DIR: content, SITE_BLOG: 'off' }), connectBrowser()]);
    if (build.status !== 0) throw new Error(`astro build failed:\n${build.output}`);
    host = await startStaticHost({ directory: build.outDir }, await freePort());
  }, scaled(300_000));

  afterAll(async () => {
    await host?.close();
    await browser?.close();
    build?.remove();
    rmSync(content, { recursive: true, force: true });
  });

  // 1280 px: the programme page's sidebar card and the footer's columns, for a person to look at (SCREENSHOTS_DIR).
  it.each([320, 390, 1280])(
    'widen no page past a %i px screen: they wrap',
    async (width) => {
      const pages = pagesOf(build.outDir);
      expect(pages.length).toBeGreaterThan(40);
      expect(readFileSync(path.join(build.outDir, 'contact.html'), 'utf8')).toContain(unbroken);
      const context = await browser.newContext({ viewport: { width, height: 800 }, serviceWorkers: 'block' });
      const tab = await context.newPage();
      const wider: string[] = [];
      for (const page of pages) {
        await tab.goto(`${host.url}${page}`);
        // The 404 page may send the browser on to the page an address meant: measure where it lands.
        await tab.waitForLoadState('load');
        const overflow = await tab.evaluate(() => {
          const viewport = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth <= viewport) return undefined;
          const culprit = [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > viewport + 1 && element.children.length === 0)
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
            .slice(0, 3);
          return `${document.documentElement.scrollWidth} px (${culprit.join(', ')})`;
        });
        if (overflow) wider.push(`${page}: ${overflow}`);
        if (page === '/formation/soudure.html' || page === '/contact.html') {
          await keepScreenshot(tab, `long-values-${page.slice(1).replace(/\W+/g, '-')}-${width}`);
        }
      }
      await context.close();
      expect(wider).toEqual([]);
    },
    scaled(120_000),
  );
});
