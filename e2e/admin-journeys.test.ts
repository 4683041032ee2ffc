import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiClient,
  expiredToken,
  loginToken,
  openPage,
  openSignedIn,
  pngImage,
  productEnv,
  superAdmin,
} from '@cfp/test-support/admin-session';
import { downloadedText, type viewports } from '@cfp/test-support/browser';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { scaled } from '@cfp/test-support/time-scale';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface AdminAccount {
  _id: number;
  username: string;
  email: string;
  role: string;
}

interface BlogPost {
  _id: number;
  title: string;
  description: string;
  coverPhoto: string;
  cover: { alt: string } | null;
  status: string;
}

/** Selects the `count` characters before the caret, as a user does with Shift+Left. */
async function selectBack(page: Page, count: number) {
  for (let index = 0; index < count; index += 1) await page.keyboard.press('Shift+ArrowLeft');
}

describe('the admin back-office against the real API', () => {
  let product: RunningProduct;
  let browser: Browser;
  let token: string;
  const api = () => apiClient(product.url, token);

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(productEnv), connectBrowser()]);
    token = await loginToken(product.url, superAdmin.email, superAdmin.password);
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it("logs in through the form, after refusing a wrong password with the server's message", async () => {
    const { context, page, problems } = await openPage(browser, 'desktop');
    await page.goto(`${product.url}/admin`);
    await page.waitForURL('**/admin/login');

    await page.getByLabel('Email').fill(superAdmin.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    await page.getByLabel('Password').fill(superAdmin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const userMenu = page.getByRole('button', { name: /Direction/ });
    expect(await userMenu.textContent()).toContain('Super admin');

    await userMenu.click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('creates a post with rich text and an uploaded image, lists it, shows it on the dashboard, edits and deletes it', async () => {
    const { context, page, problems } = await openSignedIn(browser, product.url, 'desktop', token, 'Direction', '/admin/blogs');
    const title = 'Journée portes ouvertes du samedi';

    await page.getByRole('link', { name: 'Add New Blog' }).click();
    await page.getByRole('heading', { name: 'Create New Blog' }).waitFor();
    await page.getByLabel('Blog Title *').fill(title);

    const editor = page.getByRole('textbox', { name: 'Blog Content *' });
    await editor.click();
    await page.getByRole('button', { name: 'Heading' }).click();
    await page.locator('.ql-header .ql-picker-item[data-value="2"]').click();
    await page.keyboard.type('Portes ouvertes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Venez nous rencontrer samedi');
    await selectBack(page, 'samedi'.length);
    await page.getByRole('button', { name: 'Text colour' }).click();
    await page.locator('.ql-color .ql-picker-item[aria-label="Red"]').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Inscriptions en ligne');
    await selectBack(page, 'en ligne'.length);
    await page.getByRole('button', { name: 'Link' }).click();
    const linkInput = page.getByRole('dialog', { name: 'Insert link' }).getByLabel('Address');
    await linkInput.fill('https://example.cm/inscription');
    await linkInput.press('Enter');
    await linkInput.waitFor({ state: 'detached' });
    await editor.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Informatique');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Comptabilité');
    // A picture inside the text, uploaded and described through the Image button.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Insert image' });
    await imageDialog.getByLabel('Picture').setInputFiles({ name: 'atelier.png', mimeType: 'image/png', buffer: pngImage() });
    await imageDialog.getByLabel('Description').fill('Deux apprentis devant l’atelier');
    await imageDialog.getByRole('button', { name: 'Insert image' }).click();
    await imageDialog.waitFor({ state: 'detached' });

    await page.getByLabel('Featured Image').setInputFiles({ name: 'affiche.png', mimeType: 'image/png', buffer: pngImage() });
    await page.locator('#root').getByText('Image uploaded').waitFor();
    expect(await page.getByRole('img', { name: 'Featured image preview' }).isVisible()).toBe(true);
    await page.getByLabel('Image description *').fill('L’affiche des portes ouvertes');

    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.locator('#root').getByText('Blog post created successfully!').waitFor();
    await page.waitForURL('**/admin/blogs', { timeout: scaled(5000) });

    const [summary] = await api().get<BlogPost[]>('/blog');
    expect(summary?.title).toBe(title);
    const post = await api().get<BlogPost>(`/blog/${summary?._id}`);
    expect(post.status).toBe('published');
    expect(post.description).toContain('<h2>Portes ouvertes</h2>');
    expect(post.description).toMatch(/<span style="color:\s*(#b42318|rgb\(180, 35, 24\));?">samedi<\/span>/);
    expect(post.description).toMatch(/<a href="https:\/\/example\.cm\/inscription"[^>]*>en ligne<\/a>/);
    expect(post.description).toMatch(/<ul>\s*<li>Informatique<\/li>\s*<li>Comptabilité<\/li>\s*<\/ul>/);
    expect((await fetch(new URL(post.coverPhoto, product.url))).status).toBe(200);
    expect(post.cover?.alt).toBe('L’affiche des portes ouvertes');
    const inline = /<img src="([^"]+)" alt="Deux apprentis devant l’atelier" width="\d+" height="\d+"[^>]* loading="lazy"/.exec(
      post.description,
    );
    expect(inline, post.description).not.toBeNull();
    expect((await fetch(new URL(inline?.[1] ?? '', product.url))).status).toBe(200);

    // In the list, with its image actually displayed.
    const listImage = page.locator('.data-table img').first();
    await listImage.waitFor();
    await page.waitForFunction((image) => (image as HTMLImageElement).naturalWidth > 0, await listImage.elementHandle());
    expect(await page.getByRole('button', { name: `Delete ${title}` }).isVisible()).toBe(true);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    const allBlogs = page.getByRole('table', { name: 'All blogs' });
    await allBlogs.getByText(title).waitFor();
    expect(await page.locator('.counter', { hasText: 'Total Blogs' }).locator('.counter__value').textContent()).toBe('1');

    // Editing: typing then deleting it again is not an unsaved change (Quill rewrote the server's HTML).
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blogs' }).click();
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'Edit Blog Post' }).waitFor();
    await editor.getByText('Comptabilité').click();
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    await page.keyboard.press('Backspace');
    await page.getByRole('link', { name: /Back to Blogs/ }).click();
    await page.getByRole('heading', { name: 'Blog Management' }).waitFor();

    await page.getByRole('link', { name: `Edit ${title}` }).click();
    const titleInput = page.getByLabel('Blog Title *');
    await titleInput.fill(`${title} (nouvelle date)`);
    await page.getByRole('link', { name: /Back to Blogs/ }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'Update Blog Post' }).click();
    await page.locator('#root').getByText('Blog post updated successfully!').waitFor();
    expect(page.url()).toContain(`/admin/edit-blog/${post._id}`);
    expect((await api().get<BlogPost>(`/blog/${post._id}`)).title).toBe(`${title} (nouvelle date)`);

    await page.getByRole('link', { name: /Back to Blogs/ }).click();
    await page.getByRole('button', { name: `Delete ${title} (nouvelle date)` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete blog' });
    expect(await confirm.textContent()).toContain('Are you sure you want to delete this blog?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.locator('#root').getByText('Blog deleted successfully!').waitFor();
    await page.locator('#root').getByText('No blogs found. Start by adding your first post!').waitFor();
    expect(await api().get<BlogPost[]>('/blog')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds an admin, changes their role and deletes them, on a phone', async () => {
    const { context, page, problems } = await openSignedIn(browser, product.url, 'phone', token, 'Direction', '/admin/admins');

    await page.getByRole('button', { name: 'Add Admin' }).click();
    const add = page.getByRole('dialog', { name: 'Add Admin' });
    await add.getByLabel('Username').fill('Awa');
    await add.getByLabel('Email').fill('awa@example.cm');
    await add.getByLabel('Password').fill('a long enough passphrase');
    await add.getByRole('button', { name: 'Create Admin' }).click();
    await page.locator('#root').getByText('Account created successfully!').waitFor();

    await page.getByRole('button', { name: 'Edit Awa' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Admin' });
    await edit.getByLabel('Role').selectOption('superAdmin');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('#root').getByText('Admin updated successfully').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'awa@example.cm' });
    await row.getByText('Super admin').waitFor();
    expect((await api().get<AdminAccount[]>('/auth')).find((admin) => admin.username === 'Awa')?.role).toBe('superAdmin');

    await page.getByRole('button', { name: 'Delete Awa' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete admin' });
    expect(await confirm.textContent()).toContain('Are you sure you want to delete admin Awa?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.locator('#root').getByText('Admin deleted successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    // The phone layout keeps every column readable without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists, exports as CSV and deletes subscribers', async () => {
    const emails = ['marie@example.cm', 'paul@example.cm', 'ines@example.cm'];
    for (const email of emails) await apiClient(product.url).post('/subscriber', { email });
    const { context, page, problems } = await openSignedIn(
      browser,
      product.url,
      'desktop',
      token,
      'Direction',
      '/admin/subscribers',
    );

    const table = page.getByRole('table', { name: 'Newsletter subscribers' });
    for (const email of emails) await table.getByText(email).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await downloadedText(download);
    expect(csv.split(/\r?\n/)[0]).toBe('\uFEFF"Email";"Status";"Subscribed on";"Confirmed on";"Language";"Bouncing"');
    for (const email of emails) expect(csv).toContain(email);

    await page.getByRole('button', { name: 'Delete paul@example.cm' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Delete' });
    expect(await confirm.textContent()).toContain(
      'Are you sure you want to delete this subscriber? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.locator('#root').getByText('Subscriber deleted successfully').waitFor();
    await table.getByText('paul@example.cm').waitFor({ state: 'detached' });
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads a contact message and marks it handled, on a phone', async () => {
    await apiClient(product.url).post('/contact', {
      firstName: 'Jean',
      lastName: 'Mballa',
      email: 'jean@example.cm',
      phone: '+237 699 00 00 00',
      message: 'Bonjour, quelles sont les dates de la prochaine rentrée en maintenance informatique ?',
      programme: 'maintenance-informatique',
    });
    const { context, page, problems } = await openSignedIn(browser, product.url, 'phone', token, 'Direction');

    await page.getByRole('button', { name: 'Menu' }).click();
    const messagesLink = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /Messages/ });
    // The unread count comes with the inbox, which may still be on its way when the menu opens.
    await messagesLink.filter({ hasText: '1 unread' }).waitFor();
    await messagesLink.click();

    await page.getByRole('button', { name: /Unread: Jean Mballa/ }).click();
    await page.getByRole('heading', { name: 'Jean Mballa' }).waitFor();
    await page.getByRole('article').getByText('quelles sont les dates de la prochaine rentrée').waitFor();
    await page.locator('#root').getByText('Not emailed: this server does not send email.', { exact: false }).waitFor();
    await page.getByRole('article').getByRole('link', { name: 'Maintenance informatique' }).waitFor();
    await page.getByRole('button', { name: 'Mark as handled' }).click();
    await page.locator('#root').getByText('Message marked as handled').waitFor();
    await page.locator('.message__header').getByText('Handled').waitFor();
    const [message] = (await api().get<{ items: { status: string }[] }>('/messages')).items;
    expect(message?.status).toBe('handled');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends an expired or a revoked session back to login, saying why', async () => {
    const admins = await api().get<AdminAccount[]>('/auth');
    const director = admins.find((admin) => admin.email === superAdmin.email) as AdminAccount;

    const expired = await openSignedIn(browser, product.url, 'desktop', expiredToken(director._id), 'Direction');
    await expired.page.waitForURL('**/admin/login');
    await expired.page.locator('#root').getByText('Session expired: please sign in again').waitFor();
    expect(await expired.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expired.context.close();

    await api().post('/auth/signup', { username: 'Binta', email: 'binta@example.cm', password: 'another long passphrase' });
    const bintaToken = await loginToken(product.url, 'binta@example.cm', 'another long passphrase');
    const revoked = await openSignedIn(browser, product.url, 'phone', bintaToken, 'Binta');
    await revoked.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The dashboard's own requests (the checklist's names among them) are answered before the role changes.
    await revoked.page.waitForLoadState('networkidle');
    const binta = (await api().get<AdminAccount[]>('/auth')).find((admin) => admin.username === 'Binta') as AdminAccount;
    // A superAdmin changes Binta's role in the background: her token stops working at once.
    await api().patch(`/auth/${binta._id}`, { email: binta.email, role: 'superAdmin' });

    await revoked.page.getByRole('button', { name: 'Menu' }).click();
    await revoked.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscribers' }).click();
    await revoked.page.waitForURL('**/admin/login');
    await revoked.page.locator('#root').getByText('Session revoked: please sign in again').waitFor();
    expect(await revoked.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect([...expired.problems, ...revoked.problems]).toEqual([]);
    await revoked.context.close();
  });

  it('shows a not-found screen for an unknown admin path, and the error page when a page breaks', async () => {
    const { context, page, problems } = await openSignedIn(browser, product.url, 'desktop', token, 'Direction', '/admin/nope');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/nope');

    // The server answers a list row without the fields the page needs.
    await page.route('**/api/blog', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: [{ _id: 1, title: 'Sans vues' }] }) : route.fallback(),
    );
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blogs' }).click();
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    expect(await page.locator('.status-page__message').textContent()).toMatch(/toLocaleString/);
    expect(await page.locator('.status-page pre').count()).toBe(0);
    expect(problems.every((problem) => /toLocaleString|TypeError/.test(problem))).toBe(true);
    await context.close();
  });

  /** `ADMIN_SCREENSHOTS=1 npx vitest run --project e2e admin-` writes every screen at 390 and 1280 px to e2e/test-results/. */
  it.runIf(process.env.ADMIN_SCREENSHOTS)('takes a screenshot of every screen at phone and desktop widths', async () => {
    const directory = fileURLToPath(new URL('./test-results/admin-screens/', import.meta.url));
    mkdirSync(directory, { recursive: true });
    const image = new FormData();
    image.append('image', new Blob([new Uint8Array(pngImage(640, 360))], { type: 'image/png' }), 'rentree.png');
    const { url: coverPhoto } = await api().post<{ url: string }>('/images', image);
    const description = '<h2>Inscriptions</h2><p>Les inscriptions pour la rentrée sont ouvertes.</p>';
    for (const [title, status, cover] of [
      ['Rentrée 2026 : les inscriptions sont ouvertes', 'published', coverPhoto],
      ['Trois métiers du numérique qui recrutent à Yaoundé', 'published', coverPhoto],
      ['Journée portes ouvertes (brouillon)', 'draft', ''],
    ] as const) {
      await api().post('/blog', { title, description, coverPhoto: cover, views: '42', author: 'Direction', status });
    }
    await api().post('/auth/signup', { username: 'Awa', email: 'awa@example.cm', password: 'a long enough passphrase' });
    for (const email of ['aminata.nkoulou@example.cm', 'serge@example.cm']) {
      await apiClient(product.url).post('/subscriber', { email });
    }
    await apiClient(product.url).post('/contact', {
      firstName: 'Awa',
      lastName: 'Ndongo',
      email: 'awa.ndongo@example.cm',
      phone: '+237 677 11 22 33',
      message: "Bonjour, je voudrais m'inscrire en comptabilité informatisée. Quels documents faut-il fournir ?",
    });
    const post = (await api().get<BlogPost[]>('/blog')).find((blog) => blog.coverPhoto);

    for (const viewport of ['phone', 'desktop'] as const satisfies (keyof typeof viewports)[]) {
      const width = viewport === 'phone' ? 390 : 1280;
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: path.join(directory, `${name}-${width}.png`), fullPage: true });

      const anonymous = await openPage(browser, viewport);
      await anonymous.page.goto(`${product.url}/admin/login`);
      await anonymous.page.getByRole('button', { name: 'Login' }).waitFor();
      await shot(anonymous.page, 'login');
      await anonymous.context.close();

      const { context, page } = await openSignedIn(browser, product.url, viewport, token, 'Direction');
      const visit = async (route: string, ready: string) => {
        await page.goto(`${product.url}/admin${route}`);
        await page.getByRole('heading', { name: ready, exact: true }).first().waitFor();
        await page.locator('.spinner').first().waitFor({ state: 'detached' });
      };
      await visit('/dashboard', 'All Blogs');
      await page
        .getByText(/Not published yet|Up to date|turned off/)
        .first()
        .waitFor();
      await shot(page, 'dashboard');
      await visit('/blogs', 'Blog Management');
      await shot(page, 'blogs');
      await visit('/create-blog', 'Create New Blog');
      await page.getByRole('textbox', { name: 'Blog Content *' }).waitFor();
      await shot(page, 'create');
      await visit(`/edit-blog/${post?._id}`, 'Edit Blog Post');
      await page.getByRole('textbox', { name: 'Blog Content *' }).getByRole('heading', { name: 'Inscriptions' }).waitFor();
      await page.locator('.image-field__image').waitFor();
      await shot(page, 'edit');
      await visit('/admins', 'Admins');
      await page.getByRole('button', { name: 'Add Admin' }).click();
      await shot(page, 'admins-modal');
      await visit('/subscribers', 'Subscribers');
      await page.getByRole('button', { name: 'Delete serge@example.cm' }).click();
      await shot(page, 'subscribers-dialog');
      await visit('/messages', 'Messages');
      await shot(page, 'messages');
      await page.getByRole('button', { name: /Awa Ndongo/ }).click();
      await page.getByRole('heading', { name: 'Awa Ndongo' }).waitFor();
      await shot(page, 'messages-open');
      await visit('/audit', 'Audit log');
      await shot(page, 'audit');
      await visit('/nope', 'Page not found');
      await shot(page, 'not-found');
      await page.route('**/api/blog', (route) => route.fulfill({ json: [{ _id: 1, title: 'Sans vues' }] }));
      await visit('/blogs', 'Unexpected Application Error!');
      await shot(page, 'error');
      await context.close();
    }
  });
});
