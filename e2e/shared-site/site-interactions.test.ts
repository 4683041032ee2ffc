import { apiClient } from '@cfp/test-support/admin-session';
import { viewports } from '@cfp/test-support/browser';
import { mailText, readMailbox } from '@cfp/test-support/loopback-smtp';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { visitorContext } from '@cfp/test-support/shared-site';
import { fillContactForm, watchProblems } from '@cfp/test-support/site';
import { waitFor } from '@cfp/test-support/waiting';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** What a visitor does with the public site's interactive parts, on a phone and on a desktop. */

/** The FAQ's questions as assistive technology reads them: name and expanded state (Chromium's accessibility tree). */
async function disclosureStates(page: Page): Promise<Array<{ name: string; expanded: boolean }>> {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{
        role?: { value: string };
        name?: { value: string };
        properties?: Array<{ name: string; value: { value: unknown } }>;
      }>;
    };
    return nodes
      .filter((node) => node.role?.value.startsWith('DisclosureTriangle'))
      .map((node) => ({
        name: node.name?.value ?? '',
        expanded: node.properties?.find((property) => property.name === 'expanded')?.value.value === true,
      }));
  } finally {
    await session.detach();
  }
}

describe('the public site, interactive parts', () => {
  const site = inject('sharedSite');
  let browser: Browser;
  const url = (path: string) => `${site.url}${path}`;

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens the departments dropdown on hover and on keyboard focus at desktop width; Escape closes it', async () => {
    const context = await visitorContext(browser, { viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(url('/about'));
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const dropdown = nav.getByRole('list', { name: 'Départements' });
    expect(await dropdown.isVisible()).toBe(false);
    await nav.getByRole('link', { name: 'Formations' }).hover();
    await dropdown.waitFor({ state: 'visible' });
    expect(await dropdown.getByRole('link').count()).toBe(8);
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    await page.mouse.move(640, 600);
    await nav.getByRole('link', { name: 'Formations' }).hover();
    await dropdown.waitFor({ state: 'visible' });
    await page.mouse.move(640, 600);
    await dropdown.waitFor({ state: 'hidden' });

    await nav.getByRole('link', { name: 'Accueil' }).focus();
    await page.keyboard.press('Tab');
    await dropdown.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Informatique et numérique');
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Formations');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/formations'));
    await context.close();
  });

  it('opens the menu on a phone by tap; the backdrop and Escape close it; a department is one tap away', async () => {
    const context = await visitorContext(browser, { viewport: viewports.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const watch = watchProblems(page);
    await page.goto(url('/'));
    const button = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await page.locator('[data-menu-fallback]').isVisible()).toBe(false);

    await button.tap();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await nav.waitFor({ state: 'visible' });
    expect(await nav.getByRole('list', { name: 'Départements' }).getByRole('link').count()).toBe(8);
    // A tap on the dimmed page below the panel closes the menu, and follows nothing.
    const panel = await nav.boundingBox();
    if (!panel) throw new Error('the open menu has no box');
    const bottomBar = await page.getByRole('navigation', { name: 'Navigation rapide' }).boundingBox();
    const dimmedBottom = bottomBar?.y ?? viewports.phone.height;
    expect(panel.y + panel.height + 24, 'a strip of dimmed page stays visible below the menu').toBeLessThan(dimmedBottom);
    await page.touchscreen.tap(195, (panel.y + panel.height + dimmedBottom) / 2);
    await nav.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(url('/'));
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.tap();
    await nav.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('navigation');

    await button.tap();
    await nav.getByRole('link', { name: 'Automobile' }).tap();
    await page.waitForURL(url('/departement/automobile'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Automobile');
    watch.stop();
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('opens FAQ answers with Enter and Space, one at a time, and says so to assistive technology', async () => {
    const context = await visitorContext(browser, { viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(url('/faq'));
    const items = page.locator('details.faq__item');
    const summaries = items.locator('summary');
    expect(await items.count()).toBe(14);
    expect((await disclosureStates(page)).filter((state) => state.expanded)).toEqual([]);

    await summaries.nth(0).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => items.nth(0).evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await items.nth(0).locator('.faq__answer').isVisible()).toBe(true);
    const first = (await disclosureStates(page))[0];
    expect(first).toMatchObject({ expanded: true });
    expect(first?.name).toBe(await summaries.nth(0).textContent());

    await summaries.nth(3).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => items.nth(3).evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await items.nth(0).evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    // At desktop width the footer's departments are headed lists, not disclosures: only the FAQ's fourteen, the fourth open.
    expect((await disclosureStates(page)).map((state) => state.expanded)).toEqual(
      Array.from({ length: 14 }, (_, index) => index === 3),
    );

    await page.keyboard.press('Enter');
    await expect.poll(() => items.nth(3).evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect((await disclosureStates(page)).filter((state) => state.expanded)).toEqual([]);
    await context.close();
  });

  it('sends the contact form with the programme pre-selected; the message reaches the inbox', async () => {
    const context = await visitorContext(browser, { viewport: viewports.phone, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const watch = watchProblems(page);
    await page.goto(url('/formation/froid-climatisation'));
    await page.locator('a[href="/contact?formation=froid-climatisation"]').first().tap();
    await page.waitForURL(url('/contact?formation=froid-climatisation'));
    await expect.poll(() => page.locator('#contact-programme').inputValue()).toBe('froid-climatisation');
    await fillContactForm(page, {
      firstName: 'Brice',
      lastName: 'Nkodo',
      email: 'brice.nkodo@example.cm',
      phone: '+237 690 11 22 33',
      message: 'Bonjour, la prochaine rentrée en froid et climatisation est prévue quand ?',
    });
    // The answer is held back a moment, so that the sending state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).tap();
    const sending = page.getByRole('button', { name: 'Envoi en cours...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await page.getByRole('button', { name: 'Message envoyé ✅' }).waitFor();
    expect(await page.getByText('Merci ! Votre message a bien été envoyé.').isVisible()).toBe(true);
    expect(await page.locator('#contact-first-name').inputValue()).toBe('');
    watch.stop();
    expect(watch.problems).toEqual([]);
    await context.close();

    const { items: messages } = await apiClient(site.url, site.token).get<{
      items: Array<{ lastName: string; programme: string | null; excerpt: string }>;
    }>('/messages');
    expect(messages).toContainEqual(
      expect.objectContaining({
        lastName: 'Nkodo',
        programme: 'froid-climatisation',
        excerpt: expect.stringContaining('prochaine rentrée'),
      }),
    );
  });

  it('shows the French error when the API refuses the message, and keeps what was typed', async () => {
    const context = await visitorContext(browser, { viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(url('/contact'));
    await fillContactForm(page, {
      firstName: 'Carine',
      lastName: 'Abena',
      email: 'carine.abena@example.cm',
      phone: 'mon numéro',
      message: 'Je voudrais préparer le TOEIC.',
      programme: 'anglais',
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    const error = page.locator('#contact-phone-error');
    await expect.poll(() => error.textContent()).toMatch(/^Entrez un numéro de téléphone valide, par exemple 6 99 00 00 00/);
    expect(await page.locator('#contact-phone').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Envoyer le message' }).isEnabled()).toBe(true);
    expect(await page.locator('#contact-first-name').inputValue()).toBe('Carine');
    expect(await page.locator('#contact-phone').inputValue()).toBe('mon numéro');
    expect(await page.locator('#contact-programme').inputValue()).toBe('anglais');
    expect(await page.locator('#contact-message').inputValue()).toBe('Je voudrais préparer le TOEIC.');

    // Offline: the network error is said in French too, and nothing is lost.
    await context.setOffline(true);
    await page.fill('#contact-phone', '+237 670 00 00 00');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Votre message n’a pas pu être envoyé. Vérifiez votre connexion et réessayez.').waitFor();
    expect(await page.locator('#contact-message').inputValue()).toBe('Je voudrais préparer le TOEIC.');
    await context.close();
  });

  it('subscribes to the newsletter from the footer, and says in French why an address is refused', async () => {
    const context = await visitorContext(browser, { viewport: viewports.phone });
    const page = await context.newPage();
    await page.goto(url('/faq'));
    const email = page.locator('#newsletter-email');
    const status = page.locator('form[data-newsletter] [data-status]');
    await email.fill('Lecteur.Fidele@Example.cm');
    await page.getByRole('button', { name: 'S’abonner' }).click();
    // The product sends mail, so the subscription waits for the link it sends (double opt-in).
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Presque fini\s?: confirmez votre inscription grâce au lien envoyé par e-mail\.$/);
    expect(await email.inputValue()).toBe('');
    const confirmation = () => readMailbox(site.mailboxFile).find((mail) => mail.to.includes('lecteur.fidele@example.cm'));
    await waitFor(
      async () => confirmation() !== undefined,
      15_000,
      () => 'the confirmation e-mail did not arrive',
    );
    expect(mailText(confirmation())).toMatch(/\/api\/subscriber\/confirm\?token=/);

    // The browser lets "nom@exemple" through; the API does not.
    await email.fill('nom@exemple');
    await page.getByRole('button', { name: 'S’abonner' }).click();
    await expect.poll(() => status.textContent()).toBe('Cette adresse e-mail n’est pas valide.');
    expect(await status.getAttribute('data-tone')).toBe('error');
    expect(await email.inputValue()).toBe('nom@exemple');
    await context.close();
  });

  it('filters the programmes by name, department, entry level and duration without a round trip', async () => {
    const context = await visitorContext(browser, { viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(url('/formations'));
    const finder = page.getByRole('search', { name: 'Trouver une formation' });
    await finder.waitFor();
    const visible = page.locator('[data-programme]:visible');
    const count = finder.getByRole('status');
    expect(await visible.count()).toBe(39);
    expect(await count.textContent()).toBe('39 formations');
    // Cards coming into view may load their pictures; nothing else goes to the server.
    let requests = 0;
    page.on('request', (request) => {
      if (request.resourceType() !== 'image') requests += 1;
    });

    await finder.getByLabel('Formation ou métier').fill('electricite');
    await expect.poll(() => visible.count()).toBe(3);
    expect(await count.textContent()).toBe('3 formations sur 39');
    await finder.getByLabel('Formation ou métier').fill('soudure');
    await expect.poll(() => visible.count()).toBe(1);
    expect(await visible.locator('a').getAttribute('href')).toBe('/formation/soudure');

    await finder.getByRole('button', { name: 'Effacer les filtres' }).click();
    await expect.poll(() => visible.count()).toBe(39);
    await finder.getByLabel('Département').selectOption('langues');
    await expect.poll(() => visible.count()).toBe(5);
    expect(await page.locator('section[data-group]:visible').count()).toBe(1);

    await finder.getByLabel('Département').selectOption('');
    await finder.getByLabel('Votre niveau d’études').selectOption('cep');
    await expect.poll(async () => (await visible.count()) < 39).toBe(true);
    const levels = await visible.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.level));
    expect(levels.every((level) => level === 'aucun' || level === 'cep')).toBe(true);

    await finder.getByLabel('Votre niveau d’études').selectOption('');
    await finder.getByLabel('Durée').selectOption('court');
    await expect.poll(async () => (await visible.count()) < 39).toBe(true);
    const months = await visible.evaluateAll((items) => items.map((item) => Number((item as HTMLElement).dataset.months)));
    expect(months.length).toBeGreaterThan(0);
    expect(months.every((value) => value <= 6)).toBe(true);

    await finder.getByLabel('Formation ou métier').fill('introuvable');
    await expect.poll(() => count.textContent()).toBe('Aucune formation ne correspond à ces critères.');
    expect(requests).toBe(0);
    await context.close();
  });

  it('finds programmes by trade and without accents on a phone, with the filters folded behind one button', async () => {
    const context = await visitorContext(browser, { viewport: viewports.phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(url('/formations'));
    const finder = page.getByRole('search', { name: 'Trouver une formation' });
    const search = finder.getByLabel('Formation ou métier');
    const visible = page.locator('[data-programme]:visible');
    const hrefs = () => visible.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));

    const expected: Record<string, string> = {
      soudeur: '/formation/soudure',
      comptable: '/formation/comptabilite-informatisee-gestion',
      electricien: '/formation/electricite-batiment',
      secretaire: '/formation/secretariat-bureautique',
      ÉLECTRICIENNE: '/formation/electricite-industrielle',
    };
    for (const [query, programme] of Object.entries(expected)) {
      await search.fill(query);
      await expect.poll(hrefs, { message: query }).toContain(programme);
      expect((await hrefs()).length, query).toBeLessThan(8);
    }

    await search.fill('astronaute');
    await expect.poll(() => visible.count()).toBe(0);
    const none = finder.locator('[data-no-result]');
    expect(await none.isVisible()).toBe(true);
    expect(await none.getByRole('link', { name: 'formulaire de contact' }).getAttribute('href')).toBe('/contact');

    await search.fill('');
    const toggle = finder.getByRole('button', { name: 'Filtrer' });
    const department = finder.getByLabel('Département');
    expect(await department.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.tap();
    expect(await department.isVisible()).toBe(true);
    await department.selectOption('langues');
    await expect.poll(() => visible.count()).toBe(5);
    expect(await toggle.textContent()).toBe('Filtrer (1)');
    await toggle.tap();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await department.isVisible()).toBe(false);
    await context.close();
  });

  it('fits the footer on one phone screen, the programmes folded by department', async () => {
    const context = await visitorContext(browser, { viewport: viewports.phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(url('/'));
    const footer = page.locator('footer.site-footer');
    expect((await footer.boundingBox())?.height).toBeLessThanOrEqual(viewports.phone.height);
    const programmes = footer.getByRole('navigation', { name: 'Nos formations' });
    expect(await programmes.getByRole('link', { name: 'Soudure' }).isVisible()).toBe(false);
    await programmes.getByText('Industriel', { exact: false }).first().tap();
    expect(await programmes.getByRole('link', { name: 'Soudure' }).isVisible()).toBe(true);
    await context.close();
  });

  it('keeps a visited page, the contact page and a French offline page readable without a connection', async () => {
    const context = await visitorContext(browser, { viewport: viewports.phone });
    const page = await context.newPage();
    await page.goto(url('/formation/soudure'));
    // The service worker registers after load, then takes control of the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    await page.reload();
    const heading = await page.locator('h1').textContent();

    await context.setOffline(true);
    await page.reload();
    expect(await page.locator('h1').textContent()).toBe(heading);
    await page.goto(url('/contact'));
    expect(await page.locator('h1').textContent()).toBe('Contactez-nous');
    await page.goto(url('/formation/chinois'));
    expect(await page.locator('h1').textContent()).toBe('Vous êtes hors ligne');
    expect(await page.locator('main').textContent()).toContain('Nkoabang');
    await context.close();
  });
});
