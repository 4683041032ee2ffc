import { keepScreenshot, viewports } from '@cfp/test-support/browser';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { visitorContext } from '@cfp/test-support/shared-site';
import { axeViolations, fillContactForm, settle, watchProblems } from '@cfp/test-support/site';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** "Être rappelé" from a programme page, and the contact form's errors, on a phone with touch. */
describe('asking to be called back, and correcting the contact form', () => {
  const product = inject('sharedSite');
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** Each phone is another visitor, with an address of its own: the forms' limit per address stays out of the way. */
  const phone = (options: { javaScriptEnabled: boolean }) =>
    visitorContext(browser, { viewport: viewports.phone, hasTouch: true, isMobile: true, ...options }).then((context) => {
      contexts.push(context);
      return context.newPage();
    });

  /** The HTML of a page without scripts, checked by axe in a page that runs them. */
  const axeOfStaticPage = async (page: Page) => {
    const checker = await phone({ javaScriptEnabled: true });
    await checker.setContent(await page.content());
    return axeViolations(checker);
  };

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('with JavaScript: from a programme page, a name and a phone are enough, and the thanks replace the form', async () => {
    const page = await phone({ javaScriptEnabled: true });
    const problems = watchProblems(page);
    await page.goto(`${product.url}/formation/soudure`);
    await settle(page);
    await page.getByRole('link', { name: 'Demander un rappel pour cette formation' }).tap();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#rappel');
    const section = page.locator('#rappel');
    await section.getByLabel('Nom et prénom', { exact: true }).fill('Awa Ngono');
    await section.getByLabel('Téléphone', { exact: true }).fill('99 12');
    await section.getByRole('button', { name: 'Être rappelé' }).tap();
    const phoneField = section.getByLabel('Téléphone', { exact: true });
    await expect.poll(() => phoneField.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cb-phone');
    expect(await section.locator('#cb-phone-error').textContent()).toMatch(/par exemple 6 99 00 00 00/);
    await keepScreenshot(page, 'callback-error-390', section);

    await phoneField.fill('6 99 00 11 22');
    await section.getByRole('button', { name: 'Être rappelé' }).tap();
    const done = page.getByRole('region', { name: 'Demande de rappel envoyée' });
    await done.waitFor();
    expect(await done.textContent()).toContain(
      'Merci\u202f! Le centre vous rappelle sous deux jours ouvrables au 6 99 00 11 22.',
    );
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-callback-done'))).toBe(true);
    expect(await section.locator('form').isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'callback-done-390', section);
    problems.stop();
    expect(problems.problems.filter((problem) => !/400/.test(problem))).toEqual([]);
  });

  it('without JavaScript: the programme page’s form posts to the API, which answers with a French page', async () => {
    const page = await phone({ javaScriptEnabled: false });
    await page.goto(`${product.url}/formation/soudure`);
    const section = page.locator('#rappel');
    await section.getByLabel('Nom et prénom', { exact: true }).fill('Paul Essomba');
    await section.getByLabel('Téléphone', { exact: true }).fill('+237 677 00 11 22');
    await section.getByRole('button', { name: 'Être rappelé' }).tap();
    await page.waitForURL('**/api/contact/callback');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Demande de rappel envoyée');
    expect(await page.locator('main').textContent()).toContain(
      'Le centre vous rappelle sous deux jours ouvrables au 6 77 00 11 22.',
    );
    expect(await page.getByRole('link', { name: 'Retour à la formation' }).getAttribute('href')).toMatch(/\/formation\/soudure$/);
    expect(await axeOfStaticPage(page)).toEqual([]);
    await keepScreenshot(page, 'callback-nojs-done-390');
  });

  it('at 1280 px, the contact page offers both forms, the programme of the link chosen in both, and the programme page its callback section, without an axe violation', async () => {
    const context = await visitorContext(browser, { viewport: viewports.desktop });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${product.url}/contact?formation=soudure`);
    await settle(page);
    expect(await page.getByRole('region', { name: 'Être rappelé' }).getByLabel('Formation (facultatif)').inputValue()).toBe(
      'soudure',
    );
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'contact-1280');
    await page.goto(`${product.url}/formation/soudure#rappel`);
    await settle(page);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'callback-1280', page.locator('#rappel'));
  });

  it('the staff find both requests in Messages, as callback requests of Soudure, with Call and WhatsApp', async () => {
    const { token } = product;
    const page = await phone({ javaScriptEnabled: true });
    await page.context().addInitScript(
      ([storedToken]) => {
        if (!localStorage.getItem('token')) localStorage.setItem('token', storedToken as string);
        localStorage.setItem('username', 'Direction');
      },
      [token],
    );
    await page.goto(`${product.url}/admin/messages`);
    const list = page.getByRole('list', { name: 'Messages, newest first' });
    for (const name of ['Awa Ngono', 'Paul Essomba']) {
      // Other tests on the shared product leave messages too ("Jean-Paul Essomba"): the name must start a word.
      const item = list.getByRole('button', { name: new RegExp(`(^|\\s)${name}`) });
      await item.waitFor();
      expect(await item.textContent()).toMatch(/Soudure.*Callback request/);
    }
    await list.getByRole('button', { name: /(^|\s)Paul Essomba/ }).tap();
    const reader = page.getByRole('article', { name: 'Paul Essomba' });
    await reader.getByRole('link', { name: 'Soudure' }).waitFor();
    const actions = reader.getByRole('list', { name: 'Contact Paul Essomba' });
    expect(await actions.getByRole('link').allTextContents()).toEqual(['Call', 'WhatsApp']);
    expect(await actions.getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe('tel:+237677001122');
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'callback-admin-390');
  });

  it('with JavaScript, a wrong e-mail on the contact form is marked on its field, with focus there and the text kept', async () => {
    const page = await phone({ javaScriptEnabled: true });
    await page.goto(`${product.url}/contact`);
    await settle(page);
    await fillContactForm(page, {
      firstName: 'Carine',
      lastName: 'Abena',
      email: 'carine.abena@',
      phone: '6 70 00 00 00',
      message: 'Je voudrais préparer le TOEIC.',
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).tap();
    const email = page.locator('#contact-email');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-email');
    expect(await email.getAttribute('aria-describedby')).toBe('contact-email-hint contact-email-error');
    expect(await page.locator('#contact-email-error').textContent()).toBe('Cette adresse e-mail n’est pas valide.');
    expect(await page.locator('#contact-message').inputValue()).toBe('Je voudrais préparer le TOEIC.');
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'contact-error-390', page.locator('form.contact-form'));
  });

  it('without JavaScript, the contact form’s error page names the field and gives back the typed message', async () => {
    const page = await phone({ javaScriptEnabled: false });
    await page.goto(`${product.url}/contact`);
    await fillContactForm(page, {
      firstName: 'Carine',
      lastName: 'Abena',
      // The browser lets it through (its own check wants only an @); the API wants a domain with its dot.
      email: 'carine.abena@gmail',
      phone: '6 70 00 00 00',
      message: 'Je voudrais préparer le TOEIC.',
    });
    await page.getByRole('button', { name: 'Envoyer le message' }).tap();
    await page.waitForURL('**/api/contact');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Votre message n’est pas encore envoyé');
    expect(await page.getByRole('listitem').allTextContents()).toEqual(['E-mail\u00a0: Cette adresse e-mail n’est pas valide.']);
    const email = page.getByLabel('E-mail', { exact: true });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.inputValue()).toBe('carine.abena@gmail');
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Je voudrais préparer le TOEIC.');
    expect(await axeOfStaticPage(page)).toEqual([]);
    await keepScreenshot(page, 'contact-nojs-error-390');

    await email.fill('carine.abena@example.cm');
    await page.getByRole('button', { name: 'Envoyer le message' }).tap();
    await page.waitForURL('**/contact/merci');
    expect(await page.locator('h1').textContent()).toBe('Message envoyé ✅');
  });
});
