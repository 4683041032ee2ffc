import { signInWithForm, superAdmin } from '@cfp/test-support/admin-session';
import { keepScreenshot, viewports } from '@cfp/test-support/browser';
import { mailText, readMailbox } from '@cfp/test-support/loopback-smtp';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { visitorContext } from '@cfp/test-support/shared-site';
import { axeViolations, settle, watchProblems } from '@cfp/test-support/site';
import { waitFor } from '@cfp/test-support/waiting';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const student = { firstName: 'Awa', lastName: 'Ngono', town: 'Nkoabang', level: 'bepc' };

async function fillForm(page: Page, fields: { phone: string; email?: string }) {
  await page.getByLabel('Prénom *', { exact: true }).fill(student.firstName);
  await page.getByLabel('Nom *', { exact: true }).fill(student.lastName);
  await page.getByLabel('Téléphone *', { exact: true }).fill(fields.phone);
  if (fields.email) await page.getByLabel('E-mail (facultatif)', { exact: true }).fill(fields.email);
  await page.getByLabel('Ville ou quartier *', { exact: true }).fill(student.town);
  await page.getByLabel('Diplôme ou niveau le plus élevé *', { exact: true }).selectOption(student.level);
  await page.getByLabel(/J’accepte que le centre me contacte/).check();
}

describe('pre-enrolment from the site', () => {
  // The shared product's content is filled in as the centre will have it: Soudure's documents, fees and intakes, WhatsApp.
  const product = inject('sharedSite');
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const phone = (options: { javaScriptEnabled: boolean }) =>
    visitorContext(browser, { viewport: viewports.phone, hasTouch: true, isMobile: true, ...options }).then((context) => {
      contexts.push(context);
      return context.newPage();
    });

  /** axe runs as a script, which the API's pages may not: their HTML is checked in a page that runs scripts. */
  const axeOfStaticPage = async (page: Page) => {
    const checker = await phone({ javaScriptEnabled: true });
    await checker.setContent(await page.content());
    return axeViolations(checker);
  };

  const applications = async () => {
    const list = await fetch(`${product.url}/api/applications`, { headers: { authorization: `Bearer ${product.token}` } });
    const page = (await list.json()) as {
      items: Array<{ reference: string; programme: string; phone: string; email: string | null }>;
    };
    return page.items;
  };

  beforeAll(async () => {
    browser = await connectBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('with JavaScript on a phone: a wrong number is refused beside the field with the text kept, then the application is confirmed in place with the documents, the fees and WhatsApp', async () => {
    const page = await phone({ javaScriptEnabled: true });
    const problems = watchProblems(page);
    await page.goto(`${product.url}/formation/soudure`);
    await settle(page);
    await page.getByRole('link', { name: /Je me pré-inscris/ }).tap();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#preinscription');

    await fillForm(page, { phone: '99 12 34', email: 'awa.ngono@example.cm' });
    await page.getByLabel('Rentrée souhaitée', { exact: true }).selectOption('2099-10-04');
    await page.getByRole('button', { name: 'Envoyer ma pré-inscription' }).tap();
    const phoneField = page.getByLabel('Téléphone *', { exact: true });
    await expect.poll(() => phoneField.getAttribute('aria-invalid')).toBe('true');
    const error = page.locator('#pi-phone-error');
    expect(await error.isVisible()).toBe(true);
    expect(await error.textContent()).toMatch(/^Entrez un numéro de téléphone valide, par exemple 6 99 00 00 00/);
    expect(await phoneField.inputValue()).toBe('99 12 34');
    expect(await page.getByLabel('Prénom *', { exact: true }).inputValue()).toBe('Awa');
    expect(await phoneField.getAttribute('aria-describedby')).toContain('pi-phone-error');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pi-phone');
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'pre-enrolment-error-390', page.locator('#preinscription'));

    await phoneField.fill('6 99 00 11 22');
    await page.getByRole('button', { name: 'Envoyer ma pré-inscription' }).tap();
    const done = page.getByRole('region', { name: 'Pré-inscription enregistrée' });
    await done.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-pre-enrolment-done'))).toBe(true);
    const reference = (await done.locator('[data-slot="reference"]').textContent()) ?? '';
    expect(reference).toMatch(/^PI-[A-Z2-9]{6}$/);
    expect(await done.textContent()).toContain('Le centre vous appelle sous deux jours ouvrables au 6 99 00 11 22');
    expect(await done.locator('[data-slot="documents"] li').allTextContents()).toEqual([
      'Copie de l’acte de naissance',
      'Copie du dernier diplôme',
      'Deux photos d’identité',
    ]);
    expect(await done.locator('[data-slot="fees"] li').allTextContents()).toContain(
      'Formation complète\u00a0: 350\u00a0000 FCFA',
    );
    const whatsapp = new URL(
      (await done.getByRole('link', { name: 'Écrire au centre sur WhatsApp' }).getAttribute('href')) ?? '',
    );
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/237699000001');
    expect(whatsapp.searchParams.get('text')).toContain(`(référence ${reference})`);
    expect(await page.locator('form[data-pre-enrolment]').isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'pre-enrolment-done-390', page.locator('#preinscription'));
    problems.stop();
    // The refused post was a 400 the page handled; nothing else failed.
    expect(
      problems.problems.filter((problem) => !/HTTP 400: .*\/api\/applications$/.test(problem) && !/status of 400/.test(problem)),
    ).toEqual([]);

    const stored = (await applications()).find((application) => application.reference === reference);
    expect(stored).toMatchObject({ programme: 'soudure', phone: '+237699001122', email: 'awa.ngono@example.cm' });
    // The staff's copy and the student's confirmation reach the loopback SMTP server.
    const mails = () => readMailbox(product.mailboxFile).filter((mail) => mailText(mail).includes(reference));
    await waitFor(
      async () => mails().length === 2,
      15_000,
      () =>
        `mails: ${mails()
          .map((mail) => mail.to.join(','))
          .join(' | ')}`,
    );
    const toStudent = mails().find((mail) => mail.to.includes('awa.ngono@example.cm'));
    expect(mailText(toStudent)).toContain('- Copie du dernier diplôme');
  });

  it('without JavaScript on a phone: the programme page’s own form posts to the API, which gives it back as typed with the wrong number named, then answers the corrected one with the confirmation page', async () => {
    const page = await phone({ javaScriptEnabled: false });
    await page.goto(`${product.url}/formation/soudure`);
    expect(await page.locator('#preinscription input[name="programme"]').getAttribute('value')).toBe('soudure');

    await fillForm(page, { phone: '12' });
    await page.getByRole('button', { name: 'Envoyer ma pré-inscription' }).tap();
    await page.waitForURL('**/api/applications');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Votre pré-inscription n’est pas encore envoyée');
    expect(await page.getByRole('listitem').first().textContent()).toMatch(
      /^Téléphone\u00a0: Entrez un numéro de téléphone valide/,
    );
    const phoneField = page.getByLabel('Téléphone', { exact: true });
    expect(await phoneField.inputValue()).toBe('12');
    expect(await phoneField.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Formation', { exact: true }).inputValue()).toBe('soudure');
    expect(await page.getByLabel('Ville ou quartier', { exact: true }).inputValue()).toBe('Nkoabang');
    expect(await page.getByLabel('Accord pour que le centre vous contacte').isChecked()).toBe(true);
    expect(await axeOfStaticPage(page)).toEqual([]);
    await keepScreenshot(page, 'pre-enrolment-nojs-error-390');

    await phoneField.fill('+237 677 00 11 22');
    await page.getByRole('button', { name: 'Envoyer ma pré-inscription' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Pré-inscription enregistrée' }).waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    const reference = /PI-[A-Z2-9]{6}/.exec(text)?.[0] ?? '';
    expect(reference).not.toBe('');
    expect(await page.locator('main li').allTextContents()).toEqual(
      expect.arrayContaining(['Copie de l’acte de naissance', 'Copie du dernier diplôme', 'Deux photos d’identité']),
    );
    expect(await axeOfStaticPage(page)).toEqual([]);
    await keepScreenshot(page, 'pre-enrolment-nojs-done-390');
    expect((await applications()).find((application) => application.reference === reference)).toMatchObject({
      programme: 'soudure',
      phone: '+237677001122',
    });

    // The staff find it in the admin's Applications screen, with its programme by name.
    const staff = await phone({ javaScriptEnabled: true });
    await staff.goto(`${product.url}/admin/login`);
    await signInWithForm(staff, superAdmin, { touch: true });
    await staff.goto(`${product.url}/admin/applications`);
    const listed = staff.getByRole('list', { name: 'Applications, newest first' }).getByRole('button', { name: /Awa Ngono/ });
    await listed.first().waitFor();
    expect(await listed.first().textContent()).toMatch(/Awa Ngono.*Soudure.*New.*Nkoabang/);
  });

  it('at /preinscription the programme is chosen by department, and only its schedules and intakes are offered', async () => {
    const page = await phone({ javaScriptEnabled: true });
    await page.goto(`${product.url}/preinscription?formation=soudure`);
    await settle(page);
    const programme = page.getByLabel('Formation *', { exact: true });
    expect(await programme.inputValue()).toBe('soudure');
    expect(await programme.locator('optgroup').count()).toBeGreaterThan(2);
    const intakes = await page
      .getByLabel('Rentrée souhaitée', { exact: true })
      .locator('option:not([disabled])')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(intakes).toEqual(['', '2099-01-11', '2099-10-04']);
    await programme.selectOption('grh');
    const intakesNow = await page
      .getByLabel('Rentrée souhaitée', { exact: true })
      .locator('option:not([disabled])')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(intakesNow).toEqual(['']);
    await programme.selectOption('soudure');
    await fillForm(page, { phone: '655 00 11 22' });
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'preinscription-390');
    await page.getByRole('button', { name: 'Envoyer ma pré-inscription' }).tap();
    await page.getByRole('region', { name: 'Pré-inscription enregistrée' }).waitFor();
    expect((await applications()).some((application) => application.phone === '+237655001122')).toBe(true);

    const desktop = await visitorContext(browser, { viewport: viewports.desktop }).then((context) => {
      contexts.push(context);
      return context.newPage();
    });
    await desktop.goto(`${product.url}/formation/soudure#preinscription`);
    await settle(desktop);
    expect(await axeViolations(desktop)).toEqual([]);
    await keepScreenshot(desktop, 'pre-enrolment-1280', desktop.locator('#preinscription'));
  });

  it('is one tap away on a phone: from the home page’s bottom bar, from the home page’s steps and from a department, its programmes first', async () => {
    const page = await phone({ javaScriptEnabled: true });
    await page.goto(`${product.url}/`);
    await settle(page);
    await page.getByRole('navigation', { name: 'Navigation rapide' }).getByRole('link', { name: 'S’inscrire' }).tap();
    await page.waitForURL(`${product.url}/preinscription`);
    await page.getByLabel('Formation *', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'one-tap-preinscription-390');

    await page.goto(`${product.url}/`);
    const steps = page.getByRole('region', { name: 'Comment s’inscrire' });
    expect(await steps.getByRole('link', { name: 'Pré-inscrivez-vous en ligne' }).getAttribute('href')).toBe('/preinscription');
    const faq = await (await fetch(`${product.url}/faq`)).text();
    expect(faq).toContain('<a href="/preinscription">Pré-inscrivez-vous en ligne</a>');

    await page.goto(`${product.url}/departement/automobile`);
    await page.getByRole('link', { name: 'Se pré-inscrire' }).tap();
    await page.waitForURL(`${product.url}/preinscription?departement=automobile`);
    await settle(page);
    const firstGroup = page.getByLabel('Formation *', { exact: true }).locator('optgroup').first();
    expect(await firstGroup.getAttribute('label')).toBe('Automobile');
  });
});
