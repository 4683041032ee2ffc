import { readdirSync } from 'node:fs';
import { apiClient } from '@cfp/test-support/admin-session';
import { viewports } from '@cfp/test-support/browser';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { visitorContext } from '@cfp/test-support/shared-site';
import {
  axeViolations,
  budgetOf,
  fillContactForm,
  type PageWeight,
  readBudgets,
  settle,
  watchProblems,
  weighPage,
} from '@cfp/test-support/site';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** The public site's pages, as the product serves them: every route, accessibility, weight, and without JavaScript. */

const slugs = (folder: string) =>
  readdirSync(new URL(`../../content/${folder}/`, import.meta.url))
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.replace(/\.md$/, ''));

/**
 * Visits `items` in three tabs of `context`, each taking the next one when done: a tab that waits
 * for its network to go quiet leaves the CPU to the others.
 */
async function inTabs<T>(context: BrowserContext, items: readonly T[], visit: (tab: Page, item: T) => Promise<void>) {
  const queue = [...items];
  const takeInTurn = async () => {
    const tab = await context.newPage();
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await visit(tab, item);
    await tab.close();
  };
  await Promise.all([takeInTurn(), takeInTurn(), takeInTurn()]);
}

/** What a page of `type` weighs over its budget, one line per overrun; none when it is within. */
function overBudget(type: string, weight: PageWeight, budgets: ReturnType<typeof readBudgets>): string[] {
  const budget = budgetOf(budgets, type);
  return [
    weight.beforeImages > budget.beforeImages && `${type}: ${weight.beforeImages} B before images > ${budget.beforeImages}`,
    weight.js > budget.js && `${type}: ${weight.js} B of JavaScript > ${budget.js}`,
    weight.blockingScripts.length > 0 && `${type}: render-blocking ${weight.blockingScripts.join(', ')}`,
    weight.html <= 1000 && `${type}: ${weight.html} B of HTML, not a page`,
  ].filter((line): line is string => Boolean(line));
}

const headingCount = (html: string) => html.match(/<h1[\s>]/g)?.length ?? 0;

/** The files of the site a page makes the browser fetch: scripts, styles, icons, fonts, images (each size of a srcset). */
function filesAskedFor(html: string, pageUrl: string): string[] {
  const fetchedLinks = /^(stylesheet|preload|modulepreload|icon|apple-touch-icon|manifest)$/;
  const references = [...html.matchAll(/<(script|img|source|link)\b([^>]*)>/g)].flatMap(([, tag, attributes = '']) => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
    if (tag === 'link') return fetchedLinks.test(attribute('rel') ?? '') ? [attribute('href')] : [];
    const sizes = (attribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0]);
    return [attribute('src'), ...sizes];
  });
  const origin = new URL(pageUrl).origin;
  return references
    .filter((reference): reference is string => Boolean(reference))
    .map((reference) => new URL(reference.replaceAll('&amp;', '&'), pageUrl))
    .filter((address) => address.origin === origin)
    .map((address) => address.href);
}

describe('the public site, page by page', () => {
  const site = inject('sharedSite');
  let browser: Browser;
  const url = (path: string) => `${site.url}${path}`;

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Every canonical route; and the URLs that lead to one. */
  const routes = () => {
    const departements = slugs('departements');
    const formations = slugs('formations');
    expect(departements).toHaveLength(8);
    expect(formations).toHaveLength(39);
    return {
      canonical: [
        '/',
        '/about',
        '/contact',
        '/formations',
        '/faq',
        '/blog',
        `/blog/${site.post.slug}`,
        ...departements.map((slug) => `/departement/${slug}`),
        ...formations.map((slug) => `/formation/${slug}`),
        '/contact/merci',
        '/contact/erreur',
        '/newsletter/merci',
        '/newsletter/confirmation',
        '/newsletter/erreur',
        '/offline',
      ],
      redirects: [
        ['/Formation', '/formations'],
        ['/FAQ', '/faq'],
        ['/formation/MarketingDigitalCommunication', '/formation/marketing-digital-communication'],
        [`/blog/${site.post.id}`, `/blog/${site.post.slug}`],
      ],
    };
  };

  /** The page of each type in both languages (site/budgets.json), and the answer pages of the forms: each template once. */
  const pagesToOpen = (): Array<[type: string, path: string]> => [
    ...Object.entries(site.pages),
    ...['/contact/erreur', '/newsletter/merci', '/newsletter/confirmation', '/newsletter/erreur', '/offline'].map(
      (path): [string, string] => ['answer', path],
    ),
  ];

  it('serves every route in French with one h1 and every file it asks for; legacy URLs lead to their page; unknown ones get the French 404', async () => {
    const { canonical, redirects } = routes();
    const problems: string[] = [];
    const files = new Set<string>();
    for (const path of canonical) {
      const response = await fetch(url(path));
      const html = await response.text();
      if (response.status !== 200) problems.push(`${path}: HTTP ${response.status}`);
      if (headingCount(html) !== 1) problems.push(`${path}: ${headingCount(html)} h1`);
      if (!html.includes('<html lang="fr"')) problems.push(`${path}: not lang="fr"`);
      for (const file of filesAskedFor(html, url(path))) files.add(file);
    }
    for (const file of files) {
      const response = await fetch(file);
      await response.arrayBuffer();
      if (response.status !== 200) problems.push(`${file}: HTTP ${response.status}`);
    }
    for (const [from, to] of redirects) {
      const response = await fetch(url(from as string));
      if (new URL(response.url).pathname !== to) problems.push(`${from} led to ${response.url}`);
      if (headingCount(await response.text()) !== 1) problems.push(`${from}: not one h1`);
    }
    const missing = await fetch(url('/cette-page-n-existe-pas'));
    const notFound = await missing.text();
    expect(missing.status).toBe(404);
    expect(notFound).toMatch(/<h1[^>]*>Page introuvable<\/h1>/);
    expect(notFound).toMatch(/<a\b[^>]*\shref="\/"[^>]*>(?:(?!<\/a>)[\s\S])*Retour à l’accueil/);
    expect(files.size).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });

  /** Each page type opened once at a width, three tabs at a time: what a visitor sees and what axe-core finds. */
  it.each(['phone', 'desktop'] as const)(
    'at the %s width, every page type has one h1, no console error, no failed request and no axe-core violation',
    async (viewport) => {
      const context = await browser.newContext({ viewport: viewports[viewport] });
      const problems: string[] = [];
      await inTabs(context, pagesToOpen(), async (tab, [type, path]) => {
        const watch = watchProblems(tab, { allowDocumentStatus: type.startsWith('notFound') ? 404 : 200 });
        await tab.goto(url(path));
        await settle(tab);
        watch.stop();
        const headings = await tab.locator('h1').count();
        if (headings !== 1) problems.push(`${type} ${path}: ${headings} h1`);
        problems.push(...watch.problems.map((problem) => `${type} ${path}: ${problem}`));
        problems.push(...(await axeViolations(tab)).map((violation) => `${type} ${path}: ${violation}`));
      });
      await context.close();
      expect(problems).toEqual([]);
    },
  );

  /** Each page type loaded in a fresh context (nothing from the cache), one after the other so that nothing else is counted. */
  it('keeps every page type within its transfer budget (site/budgets.json) with no render-blocking script, its styles inside the HTML', async () => {
    const budgets = readBudgets();
    const problems: string[] = [];
    for (const [type, path] of Object.entries(site.pages)) {
      const context = await browser.newContext({ viewport: viewports.phone, serviceWorkers: 'block' });
      const tab = await context.newPage();
      const weight = weighPage(tab);
      await tab.goto(url(path));
      await settle(tab);
      problems.push(...overBudget(type, await weight(), budgets));
      const stylesheets = await tab
        .locator('link[rel="stylesheet"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      problems.push(...stylesheets.map((href) => `${type}: external stylesheet ${href}`));
      if ((await tab.locator('head style').count()) === 0) problems.push(`${type}: no style in the head`);
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('draws the headings in Poppins, one preloaded file from the site itself, and the text in the system font', async () => {
    const context = await browser.newContext({ viewport: viewports.phone });
    const page = await context.newPage();
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(request.url());
    });
    await page.goto(url('/formation/maintenance-informatique'));
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      const family = (selector: string) => getComputedStyle(document.querySelector(selector) as Element).fontFamily;
      return {
        loaded: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
        heading: family('h1'),
        text: family('main p'),
        preload: document.querySelector('link[rel="preload"][as="font"]')?.getAttribute('href'),
      };
    });
    expect(fontRequests).toHaveLength(1);
    expect(fontRequests[0]).toMatch(new RegExp(`^${site.url}/_astro/fonts/[\\w-]+\\.woff2$`));
    expect(fonts.preload && fontRequests[0]?.endsWith(fonts.preload)).toBe(true);
    expect(fonts.loaded.some((family) => family.startsWith('Poppins'))).toBe(true);
    expect(fonts.heading).toMatch(/^"?Poppins/);
    expect(fonts.text).toMatch(/^system-ui/);
    await context.close();
  });

  it('gives the pages their search and sharing data: canonical, Open Graph, JSON-LD, sitemap and robots.txt', async () => {
    const html = async (path: string) => (await fetch(url(path))).text();
    const jsonLd = (page: string) =>
      [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        ([, body]) => JSON.parse(body ?? '') as Record<string, unknown>,
      );
    const home = await html('/');
    expect(home).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"/);
    expect(home).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/og\/centre\/accueil\.jpg"/);
    expect(jsonLd(home)[0]).toMatchObject({
      '@type': 'EducationalOrganization',
      address: { addressLocality: 'Nkoabang, Yaoundé' },
    });
    const programme = await html('/formation/soudure');
    expect(programme).toMatch(/<meta property="og:title" content="Soudure"/);
    expect(jsonLd(programme)[0]).toMatchObject({
      '@type': 'Course',
      name: 'Soudure',
      provider: { '@type': 'EducationalOrganization' },
    });
    const faq = jsonLd(await html('/faq'))[0] as { '@type': string; mainEntity: unknown[] };
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity).toHaveLength(14);
    const post = await html(`/blog/${site.post.slug}`);
    expect(jsonLd(post)[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: site.post.title,
      author: { name: 'La direction' },
    });
    expect(jsonLd(await html(`/en/blog/${site.post.slug}`))[0]).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'October intake: enrolment is open',
      inLanguage: 'en',
    });
    // The cover in WebP copies for the browser to choose from, with its proportions set.
    expect(post).toMatch(
      /<img class="post__cover"[^>]*srcset="[^"]*\/media\/blogImages\/[^"]+-480w\.webp 480w, [^"]+-960w\.webp 960w"/,
    );
    expect(post).toMatch(/<img class="post__cover"[^>]*width="960" height="540"/);

    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    // Home, programmes, about, FAQ, diplomas and levels, contact, blog, personal data, legal notice; the departments,
    // the programmes and the post (it has an English version): in French and in English, each naming its twin.
    expect(sitemap.match(/<loc>/g)).toHaveLength((9 + 8 + 39 + 1) * 2);
    expect(sitemap).toContain('/en/programmes/welding</loc>');
    expect(sitemap.match(/hreflang="x-default"/g)).toHaveLength((9 + 8 + 39 + 1) * 2);
    expect(sitemap).toContain('/formation/marketing-digital-communication</loc>');
    expect(sitemap).toContain(`/blog/${site.post.slug}</loc>`);
    expect(sitemap).toContain(`/en/blog/${site.post.slug}</loc>`);
    expect(sitemap).not.toMatch(/merci|erreur|offline|MarketingDigital/);
    const robots = await (await fetch(url('/robots.txt'))).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /admin/');

    const illustration = await fetch(url('/illustrations/careers/automobile-mecanicien.svg'));
    expect(illustration.headers.get('content-type')).toContain('image/svg+xml');
    expect((await illustration.text()).length).toBeLessThan(6000);
  });

  it('has every French page in English and each links to the other with hreflang, in its own language', async () => {
    const sitemap = await (await fetch(url('/sitemap.xml'))).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    const alternatesOf = (page: string) =>
      Object.fromEntries(
        [...page.matchAll(/<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)"/g)].map((match) => [
          match[1],
          new URL(match[2] ?? '').pathname,
        ]),
      );
    const problems: string[] = [];
    // The post too: it has an English version (a post without one has no twin: e2e/site-build.test.ts).
    for (const path of pages.filter((page) => !page.startsWith('/en'))) {
      const french = await (await fetch(url(path))).text();
      const { fr, en, 'x-default': fallback } = alternatesOf(french);
      if (fr !== path || fallback !== path || !en?.startsWith('/en')) {
        problems.push(`${path}: hreflang ${JSON.stringify(alternatesOf(french))}`);
        continue;
      }
      const englishAnswer = await fetch(url(en));
      const english = await englishAnswer.text();
      if (englishAnswer.status !== 200 || !english.includes('<html lang="en"') || !french.includes('<html lang="fr"'))
        problems.push(`${path} → ${en}: ${englishAnswer.status}, lang`);
      if (alternatesOf(english).fr !== path || alternatesOf(english).en !== en)
        problems.push(`${en} does not link back to ${path}`);
      if (!pages.includes(en)) problems.push(`${en} is not in the sitemap`);
    }
    expect(problems).toEqual([]);
    expect(pages.filter((page) => page.startsWith('/en'))).toHaveLength(9 + 8 + 39 + 1);
  });

  it('titles a programme’s sections for what it teaches, none twice, and says once how to learn the facts not published', async () => {
    const html = async (path: string) => (await fetch(`${site.url}${path}`)).text();
    const headings = (page: string) =>
      [...page.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map(([, text]) => (text ?? '').replace(/<[^>]+>/g, '').trim());
    // A course of the Languages department opens doors rather than a trade: its department decides the title.
    expect(headings(await html('/formation/anglais'))).toContain('Ce que la langue vous ouvre');
    expect(headings(await html('/en/programmes/english'))).toContain('What the language opens up');
    expect(headings(await html('/formation/soudure'))).toContain('Le métier');
    expect(headings(await html('/en/programmes/welding'))).toContain('The job');
    // Caisse publishes no intake, fees nor documents: each says "on request", one sentence says how to ask.
    for (const [path, onRequest, ask] of [
      ['/formation/caissiere', 'Sur demande (voir ci-dessous)', 'pour connaître la prochaine rentrée, les frais'],
      ['/en/programmes/cashier', 'On request (see below)', 'to find out the next intake, the fees'],
    ] as const) {
      const page = await html(path);
      const titles = headings(page);
      expect(
        titles.filter((title, index) => titles.indexOf(title) !== index),
        path,
      ).toEqual([]);
      expect(page.split(onRequest).length - 1, path).toBe(3);
      expect(page.split(ask).length - 1, path).toBe(1);
    }
  });

  it('reads without JavaScript: every page type, the FAQ answers as disclosures, the whole programme list', async () => {
    const context = await browser.newContext({ viewport: viewports.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [type, path] of Object.entries(site.pages)) {
      const response = await page.goto(url(path));
      expect(response?.status(), type).toBe(type.startsWith('notFound') ? 404 : 200);
      expect(await page.locator('h1').isVisible(), type).toBe(true);
      expect((await page.locator('main').textContent())?.length ?? 0, type).toBeGreaterThan(100);
    }
    await page.goto(url('/faq'));
    const answers = page.locator('details.faq__item');
    expect(await answers.count()).toBe(14);
    for (let index = 0; index < 14; index += 1) {
      await answers.nth(index).locator('summary').click();
      expect(await answers.nth(index).locator('.faq__answer').isVisible()).toBe(true);
    }
    await page.goto(url('/formations'));
    expect(await page.locator('[data-programme]:visible').count()).toBe(39);
    expect(await page.getByRole('search').count()).toBe(0);
    // The header's "Menu" is a link to the site map in the footer.
    await page.getByRole('link', { name: 'Menu' }).click();
    expect(page.url()).toMatch(/#plan-du-site$/);
    await context.close();
  });

  it('posts the forms without JavaScript and lands on the French answer pages (the newsletter’s asks to confirm by e-mail), or gets the contact form back to correct', async () => {
    const context = await visitorContext(browser, { viewport: viewports.desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url('/contact'));
    await fillContactForm(page, {
      firstName: 'Jean-Paul',
      lastName: 'Essomba',
      email: 'jp.essomba@example.cm',
      phone: '+237 677 12 34 56',
      message: 'Bonsoir, la formation existe-t-elle en cours du soir ?',
      programme: 'electricite-batiment',
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.waitForURL('**/contact/merci');
    expect(await page.locator('h1').textContent()).toBe('Message envoyé ✅');
    expect(await page.locator('main').textContent()).toContain('Merci ! Votre message a bien été envoyé.');
    const { items: messages } = await apiClient(site.url, site.token).get<{
      items: Array<{ lastName: string; programme: string | null }>;
    }>('/messages');
    expect(messages).toContainEqual(expect.objectContaining({ lastName: 'Essomba', programme: 'electricite-batiment' }));

    await page.goto(url('/contact'));
    await fillContactForm(page, {
      firstName: 'Jean-Paul',
      lastName: 'Essomba',
      email: 'jp.essomba@example.cm',
      phone: 'pas de numéro',
      message: 'Un message sans numéro valable.',
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.waitForURL('**/api/contact');
    expect(await page.locator('h1').textContent()).toBe('Votre message n’est pas encore envoyé');
    expect(await page.locator('#champ-message').inputValue()).toBe('Un message sans numéro valable.');

    await page.goto(url('/about'));
    await page.locator('#newsletter-email').fill('sans.js@example.cm');
    await page.getByRole('button', { name: 'S’abonner' }).click();
    await page.waitForURL('**/newsletter/confirmation');
    expect(await page.locator('main').textContent()).toMatch(/confirmez votre inscription grâce au lien envoyé par e-mail/);
    await context.close();
  });
});
