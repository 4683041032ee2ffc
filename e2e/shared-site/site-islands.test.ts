import { viewports } from '@cfp/test-support/browser';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { visitorContext } from '@cfp/test-support/shared-site';
import { fillContactForm, settle, watchProblems } from '@cfp/test-support/site';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The site's three React islands (the FAQ, the departments menu, the contact form), at 390 and
 * 1280 px: rendered at build time, they work without JavaScript; hydrated, they do the rest. The
 * island code is loaded only by the pages that show one, and the menu's only once it is opened.
 */

const sizes = [
  ['390 px', { viewport: viewports.phone, hasTouch: true, isMobile: true }],
  ['1280 px', { viewport: viewports.desktop }],
] as const;

/** The island code a page has asked for so far: Preact, Astro's island client, a component. */
function islandScripts(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (
      request.resourceType() === 'script' &&
      /\/_astro\/(client|preact|hooks|jsxRuntime|DepartmentsMenu|FaqAccordion|ContactForm)\./.test(request.url())
    ) {
      asked.push(new URL(request.url()).pathname);
    }
  });
  return asked;
}

const isOpen = (details: ReturnType<Page['locator']>) => details.evaluate((element) => (element as HTMLDetailsElement).open);

describe('the site’s islands', () => {
  const site = inject('sharedSite');
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const url = (path: string) => `${site.url}${path}`;

  const visitor = async (options: (typeof sizes)[number][1], javaScriptEnabled: boolean) => {
    const context = await visitorContext(browser, { ...options, javaScriptEnabled });
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  describe.each(sizes)('without JavaScript, at %s', (size, options) => {
    it('opens the FAQ’s answers', async () => {
      const page = await visitor(options, false);
      await page.goto(url('/faq'));
      const items = page.locator('details.faq__item');
      expect(await items.count()).toBe(14);
      await items.nth(2).locator('summary').click();
      expect(await items.nth(2).locator('.faq__answer').isVisible()).toBe(true);
      expect(await items.nth(2).locator('.faq__answer').textContent()).not.toBe('');
    });

    it('reaches every department from the menu', async () => {
      const page = await visitor(options, false);
      await page.goto(url('/about'));
      if (size === '390 px') {
        // The header's "Menu" is a link to the site map in the footer, whose departments fold and unfold natively.
        await page.getByRole('link', { name: 'Menu' }).tap();
        expect(page.url()).toMatch(/#plan-du-site$/);
        const siteMap = page.getByRole('navigation', { name: 'Nos formations' });
        const groups = siteMap.locator('details');
        expect(await groups.count()).toBe(8);
        const automobile = groups.filter({ has: page.locator('summary', { hasText: /^Automobile$/ }) });
        await automobile.locator('summary').tap();
        await automobile.getByRole('link', { name: 'Le département' }).tap();
      } else {
        const nav = page.getByRole('navigation', { name: 'Navigation principale' });
        expect(await nav.getByRole('button', { name: 'Départements' }).isVisible()).toBe(false);
        await nav.getByRole('link', { name: 'Formations' }).hover();
        const departments = nav.getByRole('list', { name: 'Départements' });
        await departments.waitFor({ state: 'visible' });
        expect(await departments.getByRole('link').count()).toBe(8);
        await departments.getByRole('link', { name: 'Automobile' }).click();
      }
      await page.waitForURL(url('/departement/automobile'));
    });

    it('posts the contact form and lands on the thanks', async () => {
      const page = await visitor(options, false);
      await page.goto(url('/contact'));
      await fillContactForm(page, {
        firstName: 'Aïcha',
        lastName: `Sans-script ${size}`,
        email: 'aicha.sans.script@example.cm',
        phone: '+237 677 00 11 22',
        message: 'Bonjour, je voudrais connaître les horaires du soir.',
      });
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.waitForURL('**/contact/merci');
      expect(await page.locator('h1').textContent()).toBe('Message envoyé ✅');
    });
  });

  describe.each(sizes)('with JavaScript, at %s', (size, options) => {
    it('loads no island code on a page whose menu is not opened, and the menu’s once it is', async () => {
      const page = await visitor(options, true);
      const asked = islandScripts(page);
      const problems = watchProblems(page);
      await page.goto(url('/'));
      await settle(page);
      expect(asked).toEqual([]);
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      const toggle = nav.getByRole('button', { name: 'Départements' });
      const departments = nav.getByRole('list', { name: 'Départements' });
      if (size === '390 px') {
        await page.getByRole('button', { name: 'Menu' }).tap();
        // Once hydrated, the toggle shows; the departments start open, one tap from the open menu (decision 0032).
        await toggle.waitFor({ state: 'visible' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        expect(await departments.getByRole('link').count()).toBe(8);
        await toggle.tap();
        await departments.waitFor({ state: 'hidden' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        expect(await nav.getByRole('link', { name: 'FAQ' }).isVisible()).toBe(true);
        await toggle.tap();
        await departments.waitFor({ state: 'visible' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await departments.getByRole('link', { name: 'Langues' }).tap();
      } else {
        await nav.getByRole('link', { name: 'Formations' }).hover();
        await departments.waitFor({ state: 'visible' });
        await expect.poll(() => asked.some((path) => path.includes('DepartmentsMenu'))).toBe(true);
        expect(await toggle.isVisible(), 'no toggle on wide screens: the dropdown opens on hover and focus').toBe(false);
        await departments.getByRole('link', { name: 'Langues' }).click();
      }
      await page.waitForURL(url('/departement/langues'));
      problems.stop();
      expect(problems.problems).toEqual([]);
    });

    it('keeps one FAQ answer open at a time, and opens the answer a link points to', async () => {
      const page = await visitor(options, true);
      const asked = islandScripts(page);
      await page.goto(url('/faq#question-4'));
      const items = page.locator('details.faq__item');
      await expect.poll(() => asked.some((path) => path.includes('FaqAccordion'))).toBe(true);
      await expect.poll(() => isOpen(page.locator('#question-4'))).toBe(true);
      await items.nth(0).locator('summary').click();
      await expect.poll(() => isOpen(items.nth(0))).toBe(true);
      await expect.poll(() => isOpen(page.locator('#question-4'))).toBe(false);
      await items.nth(1).locator('summary').click();
      await expect.poll(() => page.locator('details.faq__item[open]').count()).toBe(1);
      expect(await isOpen(items.nth(1))).toBe(true);
      await items.nth(1).locator('summary').click();
      await expect.poll(() => page.locator('details.faq__item[open]').count()).toBe(0);
    });

    it('sends the contact form in place and says so', async () => {
      const page = await visitor(options, true);
      await page.goto(url('/contact'));
      // Hydrated when the browser is idle: the form no longer leaves it to the browser's bubbles.
      await expect
        .poll(() => page.locator('form.contact-form').evaluate((form) => (form as HTMLFormElement).noValidate))
        .toBe(true);
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect.poll(() => page.locator('#contact-first-name-error').textContent()).not.toBe('');
      expect(await page.locator('#contact-first-name').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#contact-first-name').getAttribute('aria-describedby')).toBe('contact-first-name-error');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-first-name');
      // The refusal above is an answer of 400, on purpose; from here nothing may fail.
      const problems = watchProblems(page);
      await fillContactForm(page, {
        firstName: 'Aïcha',
        lastName: `Island ${size}`,
        email: 'aicha.island@example.cm',
        phone: '+237 677 00 11 33',
        message: 'Bonjour, la rentrée en langues est prévue quand ?',
        programme: 'anglais',
      });
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.getByRole('button', { name: 'Message envoyé ✅' }).waitFor();
      const status = page.getByRole('status').filter({ hasText: 'Votre message a bien été envoyé' });
      expect(await status.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
      expect(await page.locator('#contact-first-name-error').isVisible()).toBe(false);
      expect(await page.locator('#contact-first-name').getAttribute('aria-invalid')).toBeNull();
      expect(await page.locator('#contact-message').inputValue()).toBe('');
      expect(page.url()).toBe(url('/contact'));
      problems.stop();
      expect(problems.problems).toEqual([]);
    });
  });
});
