import { viewports } from '@cfp/test-support/browser';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { watchProblems } from '@cfp/test-support/site';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The programme finder on /formations and the footer as students use them on a phone (issue 13,
 * point 8): a trade or a word typed without accents finds its programmes, an empty result says
 * what to do next, the filters fold behind one button, and the footer fits on one screen.
 */

/** The programmes that lead to each trade a student types: every result must be one of them. */
const relevant: Record<string, string[]> = {
  soudeur: ['soudure', 'chaudronnerie', 'plombier-tuyauteur-industriel'],
  soudure: ['soudure'],
  comptable: ['comptabilite-controle-audit', 'comptabilite-informatisee-gestion', 'secretariat-comptable'],
  electricien: ['electricite-batiment', 'electricite-industrielle', 'electricite-automobile', 'energie-renouvelable'],
  secretaire: ['secretariat-bureautique', 'secretariat-comptable', 'secretariat-direction'],
};

/** The programmes the list shows, by slug. */
const shown = (page: Page) =>
  page
    .locator('[data-programme]:visible a[href^="/formation/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')?.replace('/formation/', '')));

describe('the programme finder and the footer on a phone', () => {
  const site = inject('sharedSite');
  let browser: Browser;
  const url = (path: string) => `${site.url}${path}`;
  const phone = () => browser.newContext({ viewport: viewports.phone, hasTouch: true, isMobile: true });

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function finderPage(context: BrowserContext) {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(url('/formations'));
    const finder = page.getByRole('search', { name: 'Trouver une formation' });
    await finder.waitFor();
    return { page, problems, finder, search: finder.getByLabel('Formation ou métier'), count: finder.getByRole('status') };
  }

  it('finds programmes by trade, in any case and without accents, and only programmes that lead to it', async () => {
    const context = await phone();
    const { page, problems, search, count } = await finderPage(context);

    for (const [query, programmes] of Object.entries(relevant)) {
      await search.fill(query);
      await expect.poll(() => count.textContent(), { message: query }).toMatch(/sur 39$/);
      const results = await shown(page);
      expect(results.length, query).toBeGreaterThan(0);
      expect(
        results.filter((slug) => !programmes.includes(slug ?? '')),
        `${query}: results that do not lead to the trade`,
      ).toEqual([]);
    }
    await search.fill('soudure');
    await expect.poll(() => shown(page)).toEqual(['soudure']);

    // What a student types on a phone's keyboard: capitals and accents or none, a plural, a straight apostrophe.
    await search.fill('electricien');
    const withoutAccents = await shown(page);
    expect(withoutAccents).toContain('electricite-batiment');
    for (const query of ['Électricien', 'ÉLECTRICIEN', 'électriciens']) {
      await search.fill(query);
      await expect.poll(() => shown(page), { message: query }).toEqual(withoutAccents);
    }
    await search.fill('secrétaire');
    await expect.poll(() => shown(page)).toContain('secretariat-bureautique');
    await search.fill("developpement d'applications");
    await expect.poll(() => shown(page)).toEqual(['developpement-applications']);

    problems.stop();
    expect(problems.problems).toEqual([]);
    await context.close();
  });

  it('answers an empty result with the next step: the contact form', async () => {
    const context = await phone();
    const { page, finder, search, count } = await finderPage(context);
    const none = finder.locator('[data-no-result]');
    expect(await none.isVisible()).toBe(false);

    await search.fill('astronaute lunaire');
    await expect.poll(() => count.textContent()).toBe('Aucune formation ne correspond à ces critères.');
    expect(await shown(page)).toEqual([]);
    expect(await none.isVisible()).toBe(true);
    expect(await none.textContent()).toContain('Vous ne trouvez pas votre métier\u00a0?');
    const form = none.getByRole('link', { name: 'formulaire de contact' });
    expect(await form.getAttribute('href')).toBe('/contact');
    // The centre has no phone number yet: no call link (getContact() drops placeholders).
    expect(await none.locator('a[href^="tel:"]').count()).toBe(0);

    await finder.getByRole('button', { name: 'Effacer les filtres' }).tap();
    await expect.poll(() => count.textContent()).toBe('39 formations');
    expect(await none.isVisible()).toBe(false);
    await context.close();
  });

  it('folds the filters behind one Filtrer button on a phone, by touch and by keyboard; the first screen shows programmes', async () => {
    const context = await phone();
    const { page, finder, search, count } = await finderPage(context);
    const toggle = finder.getByRole('button', { name: 'Filtrer' });
    const department = finder.getByLabel('Département');
    const level = finder.getByLabel('Votre niveau d’études');

    // The first screen: the search, the count, and the first programme, above the bottom navigation.
    const firstCard = page.locator('[data-programme]').first();
    const navigation = page.getByRole('navigation', { name: 'Navigation rapide' });
    const navigationTop = (await navigation.isVisible())
      ? ((await navigation.boundingBox())?.y ?? viewports.phone.height)
      : viewports.phone.height;
    expect(await search.isVisible()).toBe(true);
    expect((await firstCard.getByRole('heading').boundingBox())?.y).toBeLessThan(navigationTop - 40);

    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const controlled = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    expect(await controlled.locator('select').count()).toBe(3);
    expect(await department.isVisible()).toBe(false);
    expect(await level.isVisible()).toBe(false);

    await toggle.tap();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await department.isVisible()).toBe(true);
    await department.selectOption('langues');
    await expect.poll(() => count.textContent()).toBe('5 formations sur 39');
    expect(await toggle.textContent()).toBe('Filtrer (1)');
    await toggle.tap();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await department.isVisible()).toBe(false);
    // Folded, the filter still applies, and the button says so.
    expect(await count.textContent()).toBe('5 formations sur 39');

    // By keyboard: the button follows the search, Enter opens, the lists follow the button, Space closes.
    await search.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-filters-toggle'))).toBe(true);
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('filtre-departement');
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await department.isVisible()).toBe(false);
    await context.close();
  });

  it('keeps the filters in view at desktop width, without the button', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { finder } = await finderPage(context);
    expect(await finder.getByRole('button', { name: 'Filtrer' }).isVisible()).toBe(false);
    for (const label of ['Département', 'Votre niveau d’études', 'Durée'])
      expect(await finder.getByLabel(label).isVisible(), label).toBe(true);
    await context.close();
  });

  it('shows every programme without JavaScript, and no finder that would do nothing', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url('/formations'));
    expect(await page.locator('[data-programme]:visible').count()).toBe(39);
    expect(await page.getByRole('search').count()).toBe(0);
    await context.close();
  });

  it('fits the footer in one phone screen: the programmes folded by department, open without JavaScript', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: viewports.phone, hasTouch: true, isMobile: true, javaScriptEnabled });
      const page = await context.newPage();
      for (const path of ['/', '/formations', '/formation/soudure']) {
        await page.goto(url(path));
        const height = (await page.locator('footer.site-footer').boundingBox())?.height ?? Number.POSITIVE_INFINITY;
        expect(height, `${path}, JavaScript ${javaScriptEnabled}`).toBeLessThanOrEqual(viewports.phone.height);
      }
      const programmes = page.getByRole('navigation', { name: 'Nos formations' });
      const departments = programmes.locator('details');
      expect(await departments.count()).toBe(8);
      expect(await departments.evaluateAll((items) => items.filter((item) => (item as HTMLDetailsElement).open).length)).toBe(0);
      const soudure = programmes.getByRole('link', { name: 'Soudure', exact: true });
      expect(await soudure.isVisible()).toBe(false);
      await programmes.locator('summary', { hasText: 'Industriel et technique' }).tap();
      expect(await soudure.isVisible()).toBe(true);
      expect(await soudure.getAttribute('href')).toBe('/formation/soudure');
      await context.close();
    }
  });

  it('lays the footer’s programmes out as headed lists at desktop width', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(url('/'));
    const programmes = page.getByRole('navigation', { name: 'Nos formations' });
    expect(await programmes.getByRole('link', { name: 'Soudure', exact: true }).isVisible()).toBe(true);
    expect(await programmes.getByRole('heading', { name: 'Industriel et technique' }).isVisible()).toBe(true);
    expect(await programmes.locator('a[href^="/formation/"]:visible').count()).toBe(39);
    await context.close();
  });
});
