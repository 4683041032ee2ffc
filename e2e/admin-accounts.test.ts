import { loginToken, openPage, openSignedIn, productEnv, superAdmin } from '@cfp/test-support/admin-session';
import { keepScreenshot } from '@cfp/test-support/browser';
import { mailText, startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { axeViolations } from '@cfp/test-support/site';
import { scaled } from '@cfp/test-support/time-scale';
import { waitFor } from '@cfp/test-support/waiting';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('admin accounts by e-mail: invitations and forgotten passwords', () => {
  let product: RunningProduct;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;

  /** The link of the newest e-mail to `to`, as its reader would click it. */
  const linkMailedTo = async (to: string, count: number) => {
    await waitFor(
      async () => smtp.received.filter((mail) => mail.to.includes(to)).length >= count,
      15_000,
      () => `no e-mail number ${count} to ${to}`,
    );
    const mail = mailText(smtp.received.filter((received) => received.to.includes(to)).at(-1));
    const link = mail.match(/https?:\/\/\S+\/set-password#token=[\w-]{43}/)?.[0];
    if (!link) throw new Error(`no link in: ${mail}`);
    return { mail, link };
  };

  beforeAll(async () => {
    smtp = await startLoopbackSmtp(0, { closeAfterEach: false });
    [product, browser] = await Promise.all([startProduct({ ...productEnv, ...smtp.env }), connectBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await smtp?.close();
  });

  it('a superAdmin invites a new admin at 1280 px; the invitee chooses a password from the e-mail on a phone and signs in', async () => {
    const token = await loginToken(product.url, superAdmin.email, superAdmin.password);
    const owner = await openSignedIn(browser, product.url, 'desktop', token, 'Direction', '/admin/admins');
    const { page } = owner;
    await page.getByRole('button', { name: 'Add Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await dialog.getByText('We email the new admin a link').waitFor();
    expect(await dialog.getByLabel('Password').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'invite-dialog-1280');
    await dialog.getByLabel('Username').fill('Awa Mballa');
    await dialog.getByLabel('Email').fill('awa.mballa@example.cm');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    // The visible message (in #root), not its copy in the live region that says it to screen readers.
    await page.locator('#root').getByText('An invitation to choose a password was emailed to awa.mballa@example.cm.').waitFor();
    await page.getByRole('row').filter({ hasText: 'Awa Mballa' }).getByText('Invitation sent').waitFor();
    expect(owner.problems).toEqual([]);
    await owner.context.close();

    const { mail, link } = await linkMailedTo('awa.mballa@example.cm', 1);
    expect(mail).toContain('Direction has given you an account');
    expect(link.startsWith(`${product.url}/admin/set-password#token=`)).toBe(true);

    const invitee = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    invitee.setDefaultTimeout(scaled(10_000));
    const phone = await invitee.newPage();
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Welcome: choose your password' }).waitFor();
    await phone.getByText('Hello Awa Mballa.').waitFor();
    expect(phone.url()).not.toContain('token=');
    expect(await axeViolations(phone)).toEqual([]);
    await keepScreenshot(phone, 'invitation-390');
    await phone.getByLabel('New password').fill('mangrove lantern quietly eleven');
    await phone.getByLabel('Type it again').fill('mangrove lantern quietly eleven');
    await phone.getByRole('button', { name: 'Save password' }).tap();
    await phone.waitForURL('**/admin/login');
    await phone.locator('#root').getByText('Your password is set. Sign in with it now.').waitFor();
    expect(await phone.getByLabel('Email').inputValue()).toBe('awa.mballa@example.cm');
    await phone.getByLabel('Password').fill('mangrove lantern quietly eleven');
    await phone.getByRole('button', { name: 'Login' }).tap();
    await phone.waitForURL('**/admin/dashboard');

    // The link is spent.
    await phone.goto(link);
    await phone.getByRole('alert').filter({ hasText: 'This link has expired or has already been used' }).waitFor();
    await invitee.close();
  });

  it('an admin who forgot their password asks for a link on a phone and chooses a new one at 1280 px', async () => {
    const { context, page, problems } = await openPage(browser, 'phone');
    await page.goto(`${product.url}/admin/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, 'forgot-password-390');
    await page.getByLabel('Email').fill(superAdmin.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.locator('#root').getByText('If an admin account uses this address, we have sent it a link').waitFor();
    await context.close();

    const { mail, link } = await linkMailedTo(superAdmin.email, 1);
    expect(mail).toContain('Subject: Choose a new password for the back-office');
    const desktop = await openPage(browser, 'desktop');
    await desktop.page.goto(link);
    await desktop.page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await axeViolations(desktop.page)).toEqual([]);
    await keepScreenshot(desktop.page, 'reset-password-1280');
    const renewed = 'orchid tramway seventeen puddles';
    await desktop.page.getByLabel('New password').fill(renewed);
    await desktop.page.getByLabel('Type it again').fill(renewed);
    await desktop.page.getByRole('button', { name: 'Save password' }).click();
    await desktop.page.locator('#root').getByText('Your password has been changed. Sign in with it now.').waitFor();
    await desktop.page.getByLabel('Password').fill(superAdmin.password);
    await desktop.page.getByRole('button', { name: 'Login' }).click();
    await desktop.page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await desktop.page.getByLabel('Password').fill(renewed);
    await desktop.page.getByRole('button', { name: 'Login' }).click();
    await desktop.page.waitForURL('**/admin/dashboard');
    expect([...problems, ...desktop.problems]).toEqual([]);
    await desktop.context.close();
  });
});
