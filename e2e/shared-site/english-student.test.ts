import { signInWithForm, superAdmin } from '@cfp/test-support/admin-session';
import { keepScreenshot, viewports } from '@cfp/test-support/browser';
import { mailText, readMailbox } from '@cfp/test-support/loopback-smtp';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { visitorContext } from '@cfp/test-support/shared-site';
import { axeViolations, settle, watchProblems } from '@cfp/test-support/site';
import { waitFor } from '@cfp/test-support/waiting';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * An English-speaking student from Bamenda, on a phone with touch, as issue 28 tells the story:
 * lands on /en, finds "welder", reads the programme in English, switches to French and back to
 * the same page, pre-enrols in English with and without JavaScript, and the staff see an
 * English application whose WhatsApp reply greets in English.
 */

const student = { firstName: 'Fru', lastName: 'Ndang', town: 'Nkoabang', email: 'fru.ndang@example.cm' };

async function fillForm(page: Page, phone: string) {
  await page.getByLabel('First name *', { exact: true }).fill(student.firstName);
  await page.getByLabel('Last name *', { exact: true }).fill(student.lastName);
  await page.getByLabel('Phone *', { exact: true }).fill(phone);
  await page.getByLabel('Email (optional)', { exact: true }).fill(student.email);
  await page.getByLabel('Town or neighbourhood *', { exact: true }).fill(student.town);
  await page.getByLabel('Highest diploma or level *', { exact: true }).selectOption('bepc');
  await page.getByLabel(/I agree that the centre may contact me/).check();
}

/** The programmes the English list shows, by their English slug. */
const shown = (page: Page) =>
  page
    .locator('[data-programme]:visible a[href^="/en/programmes/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')?.replace('/en/programmes/', '')));

describe('an English-speaking student on a phone', () => {
  const product = inject('sharedSite');
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const phone = async (options: { javaScriptEnabled: boolean }) => {
    const context = await visitorContext(browser, { viewport: viewports.phone, hasTouch: true, isMobile: true, ...options });
    contexts.push(context);
    return context.newPage();
  };

  const applications = async () => {
    const list = await fetch(`${product.url}/api/applications?language=en`, {
      headers: { authorization: `Bearer ${product.token}` },
    });
    return ((await list.json()) as { items: Array<{ reference: string; language: string; phone: string }> }).items;
  };

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('lands on /en, finds "welder", reads the programme in English, switches to French and back to the same page', async () => {
    const page = await phone({ javaScriptEnabled: true });
    const problems = watchProblems(page);
    await page.goto(`${product.url}/en`);
    await settle(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Learn a trade, build your future');

    await page.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: 'Programmes' }).tap();
    await page.waitForURL('**/en/programmes');
    const finder = page.getByRole('search', { name: 'Find a programme' });
    await finder.getByLabel('Programme or trade').fill('welder');
    await expect.poll(() => finder.getByRole('status').textContent()).toMatch(/of 39 programmes$/);
    expect(await shown(page)).toContain('welding');
    expect(await shown(page)).not.toContain('plumbing');
    await page.locator('[data-programme]:visible a[href="/en/programmes/welding"]').tap();
    await page.waitForURL('**/en/programmes/welding');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Learn to weld steel and aluminium with four professional processes',
    );
    expect(await page.getByRole('heading', { name: 'What you will learn' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'english-programme-390');

    await page.getByRole('link', { name: 'Français', exact: true }).tap();
    await page.waitForURL('**/formation/soudure');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('link', { name: 'English', exact: true }).tap();
    await page.waitForURL('**/en/programmes/welding');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    problems.stop();
    expect(problems.problems).toEqual([]);
  });

  it('with JavaScript: a wrong number gets an English error beside the field, then the pre-enrolment is confirmed in English, by e-mail too', async () => {
    const page = await phone({ javaScriptEnabled: true });
    await page.goto(`${product.url}/en/programmes/welding`);
    await settle(page);
    await page.getByRole('link', { name: /Pre-enrol now/ }).tap();

    await fillForm(page, '99 12 34');
    await page.getByRole('button', { name: 'Send my pre-enrolment' }).tap();
    const phoneField = page.getByLabel('Phone *', { exact: true });
    await expect.poll(() => phoneField.getAttribute('aria-invalid')).toBe('true');
    const error = page.locator('#pi-phone-error');
    expect(await error.textContent()).toMatch(/^Enter a valid phone number, for example 6 99 00 00 00/);
    expect(await phoneField.getAttribute('aria-describedby')).toContain('pi-phone-error');
    expect(await phoneField.inputValue()).toBe('99 12 34');

    await phoneField.fill('6 77 00 11 22');
    await page.getByRole('button', { name: 'Send my pre-enrolment' }).tap();
    const done = page.getByRole('region', { name: 'Pre-enrolment saved' });
    await done.waitFor();
    const reference = (await done.locator('[data-slot="reference"]').textContent()) ?? '';
    expect(reference).toMatch(/^PI-[A-Z2-9]{6}$/);
    expect(await done.textContent()).toContain('The centre will call you within two working days on 6 77 00 11 22');
    expect(await done.locator('[data-slot="documents"] li').allTextContents()).toContain('Two passport photos');
    expect(await done.locator('[data-slot="fees"] li').allTextContents()).toContain('Whole programme: 350,000 FCFA');
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'english-pre-enrolment-done-390', done);

    expect((await applications()).find((application) => application.reference === reference)).toMatchObject({
      language: 'en',
      phone: '+237677001122',
    });
    const toStudent = () =>
      readMailbox(product.mailboxFile).find((mail) => mail.to.includes(student.email) && mailText(mail).includes(reference));
    await waitFor(
      async () => toStudent() !== undefined,
      15_000,
      () => 'the student’s confirmation e-mail',
    );
    const mail = mailText(toStudent());
    expect(mail).toContain('Pre-enrolment saved: Welding');
    expect(mail).toContain('- Two passport photos');
    expect(mail).not.toMatch(/Bonjour|Formation\u00a0:/);
  });

  it('without JavaScript: the programme page’s form is given back in English naming the wrong number, corrected there, then confirmed on an English page', async () => {
    const page = await phone({ javaScriptEnabled: false });
    await page.goto(`${product.url}/en/programmes/welding`);
    await fillForm(page, '12');
    await page.getByRole('button', { name: 'Send my pre-enrolment' }).tap();
    await page.waitForURL('**/api/applications');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByRole('listitem').first().textContent()).toMatch(/^Phone: Enter a valid phone number/);
    expect(await page.getByLabel('Programme', { exact: true }).inputValue()).toBe('soudure');
    expect(await page.getByLabel('Town or neighbourhood', { exact: true }).inputValue()).toBe('Nkoabang');
    await page.getByLabel('Phone', { exact: true }).fill('+237 655 44 33 22');
    await page.getByRole('button', { name: 'Send my pre-enrolment' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Pre-enrolment saved' }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Two passport photos');
    expect((await applications()).some((application) => application.phone === '+237655443322')).toBe(true);
  });

  it('reaches the staff marked English, and the WhatsApp reply greets the student in English', async () => {
    const staff = await phone({ javaScriptEnabled: true });
    await staff.goto(`${product.url}/admin/login`);
    await signInWithForm(staff, superAdmin, { touch: true });
    await staff.goto(`${product.url}/admin/applications`);
    const row = staff.getByRole('list', { name: 'Applications, newest first' }).getByRole('button', { name: /Fru Ndang/ });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain('English');
    await row.first().tap();
    const actions = staff.getByRole('list', { name: 'Contact Fru' });
    const whatsApp = new URL((await actions.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href')) ?? '');
    expect(whatsApp.searchParams.get('text')).toMatch(
      /^Hello Fru, this is .+, about your pre-enrolment for Welding \(reference PI-/,
    );
  });
});

/** An English page's text as a reader of English reads it: without the elements marked as French. */
function textOutsideFrench(html: string): string {
  return textOf(html.replace(/<(\w+)\b[^>]*\slang="fr"[\s>][\s\S]*?<\/\1>/g, ' '));
}

/** A page's visible text: no markup, nor the elements hidden (the pre-enrolment's confirmation, filled in only once sent). */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<(\w+)\b[^>]*\shidden[\s>][\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('facts written once, in French, on the English pages', () => {
  const product = inject('sharedSite');
  const page = async (path: string) => (await fetch(`${product.url}${path}`)).text();
  /** The French words of the facts the content gives (days, instalments, dates, documents). */
  const frenchWords =
    /\b(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|versements|décembre|valable)\b|Copie de la carte|Certificat de scolarité/;

  it('says days, hours, instalments and the approval’s end in English, and the French-only documents as French', async () => {
    const html = await page('/en/programmes/refrigeration-air-conditioning');
    const text = textOutsideFrench(html);
    expect(text).not.toMatch(frenchWords);
    expect(text).toContain('Daytime: Monday to Friday, 7:30 am to 12:30 pm');
    expect(text).toContain('Evening: Monday, Wednesday and Friday, 5:30 pm to 8 pm');
    expect(text).toContain('Payment: in 4 instalments');
    expect(text).toContain('valid until 31 December 2028');
    // An Anglophone learns before enrolling that the classes are in French; search engines are told so too.
    expect(text).toContain('Language of the classes French');
    expect(html).toMatch(/"@type":"Course"[^<]*"inLanguage":"fr"/);
    expect(text).toContain('The centre has this list in French only for now:');
    expect(html).toMatch(/<ul[^>]*lang="fr"[^>]*>\s*<li[^>]*>Copie de la carte nationale d’identité<\/li>/);

    const french = textOf(await page('/formation/froid-climatisation'));
    expect(french).toContain('Cours du jour : du lundi au vendredi, de 7 h 30 à 12 h 30');
    expect(french).toContain('Paiement : en 4 versements');
    expect(french).toContain('valable jusqu’au 31 décembre 2028');
    expect(french).not.toContain('only for now');
  });

  it('gives the opening hours in English on the English contact page, and the translated documents without a note', async () => {
    const contact = textOutsideFrench(await page('/en/contact'));
    expect(contact).not.toMatch(frenchWords);
    expect(contact).toContain('Monday to Friday');
    expect(contact).toContain('8 am to 6 pm');
    expect(contact).toContain('Saturday');
    const welding = textOutsideFrench(await page('/en/programmes/welding'));
    expect(welding).not.toMatch(frenchWords);
    expect(welding).toContain('Two passport photos');
    expect(welding).toContain('Daytime: Monday to Friday, 8 am to noon');
    expect(welding).not.toContain('only for now');
  });

  it('marks the centre’s name, given in French only, as French wherever an English page prints it', async () => {
    const name = 'Centre de formation professionnelle de Nkoabang';
    for (const path of ['/en', '/en/programmes/welding', '/en/contact', '/en/legal-notice', '/en/personal-data']) {
      const html = await page(path);
      // The page's title and link preview cannot say a language: only what the body prints counts.
      const body = /<body\b[\s\S]*<\/body>/.exec(html)?.[0] ?? '';
      expect(body, path).toContain(name);
      expect(body, path).toMatch(/\slang="fr"[^>]*>CFP Nkoabang</);
      expect(textOutsideFrench(body), path).not.toMatch(/Centre de formation|CFP Nkoabang/);
    }
    expect(await page('/en')).toMatch(/<span class="eyebrow" lang="fr"[^>]*>Centre de formation professionnelle de Nkoabang/);
    // On the French pages the name is in the page's language: nothing to mark.
    expect(await page('/')).not.toMatch(/lang="fr"[^>]*>(?:Centre de formation|CFP Nkoabang)/);
  });
});
