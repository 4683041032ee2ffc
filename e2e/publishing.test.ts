import type { SiteBuildStatus } from '@cfp/shared';
import { apiClient, loginToken, pngImage, productEnv, signInWithForm, superAdmin } from '@cfp/test-support/admin-session';
import { keepScreenshot } from '@cfp/test-support/browser';
import { fixtureDepartements, fixtureProgrammes } from '@cfp/test-support/content-fixture';
import { type RunningProduct, startProduct, untilSiteBuilt } from '@cfp/test-support/product';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { axeViolations } from '@cfp/test-support/site';
import { scaled } from '@cfp/test-support/time-scale';
import { publishWaitMs, waitFor } from '@cfp/test-support/waiting';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Posts going live, on one product that builds its site as `pnpm start` does: a post's whole
 * life as the staff live it from the admin (written, published, renamed, deleted, each seen on
 * the site), a draft, then what each build renders again. How soon a publish is public is a
 * timing, measured by `bench:publish`; this checks that each change gets there.
 */

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([
    startProduct({ ...productEnv, SITE_REBUILD: 'local', SITE_REBUILD_DEBOUNCE_MS: '200' }),
    connectBrowser(),
  ]);
  await untilSiteBuilt(product);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

// The two journeys side by side: each waits on builds, and one build takes the changes of both.
describe.concurrent('publishing a post as the staff do, against the real site build', () => {
  async function signIn(viewport: { width: number; height: number }, touch: boolean): Promise<Page> {
    const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
    context.setDefaultTimeout(scaled(15_000));
    const page = await context.newPage();
    await page.goto(`${product.url}/admin/login`);
    await signInWithForm(page, superAdmin);
    return page;
  }

  async function writePost(page: Page, title: string) {
    await page.goto(`${product.url}/admin/create-blog`);
    await page.getByLabel('Blog Title *').fill(title);
    await page.locator('.ql-editor').click();
    await page.keyboard.type('Les ateliers de soudure et d’électricité ouvrent leurs portes samedi.');
  }

  const notice = (page: Page) => page.locator('.publication-notice__text');
  const publicStatus = async (slug: string) => (await fetch(`${product.url}/blog/${slug}`)).status;

  it(
    'at 1280×800: a post pasted from a word processor, with an uploaded cover, is published; the notice follows the build to its link; the site shows it signed by the admin, then its new title, then not at all',
    async () => {
      const page = await signIn({ width: 1280, height: 800 }, false);
      await page.goto(`${product.url}/admin/create-blog`);
      await page.getByLabel('Blog Title *').fill('Portes ouvertes des ateliers');
      await page.locator('.ql-editor').click();
      // Pasted as an editor user pastes from a word processor: Quill turns it into its own formats.
      await page.evaluate(() => {
        const data = new DataTransfer();
        data.setData(
          'text/html',
          '<h2>Au programme</h2><p>Visitez nos ateliers et rencontrez les <span style="color: rgb(230, 0, 0);">formateurs</span>.</p><ul><li>Soudure</li><li>Électricité</li></ul><p>Inscriptions sur <a href="https://example.cm/inscription">notre page</a>.</p>',
        );
        data.setData('text/plain', 'Au programme');
        document
          .querySelector('.ql-editor')
          ?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'portes-ouvertes.png', mimeType: 'image/png', buffer: pngImage(1200, 800) });
      await page.locator('#root').getByText('Image uploaded').waitFor();
      await page.getByLabel('Image description *').fill('L’affiche des portes ouvertes');
      expect(await page.getByLabel('Author Name').inputValue()).toBe('Direction');
      await keepScreenshot(page, 'post-form-1280');
      await page.getByRole('button', { name: 'Create Blog Post' }).click();
      await page.locator('#root').getByText('Blog post created successfully!').waitFor();
      await expect
        .poll(() => notice(page).textContent())
        .toMatch(/^Publishing “Portes ouvertes des ateliers”… live in about \d+ s\.$/);
      // The spec's return to the list after 2 s; the notice stays with it.
      await page.waitForURL('**/admin/blogs');
      const link = notice(page).getByRole('link', { name: 'view the post' });
      await link.waitFor({ timeout: scaled(publishWaitMs) });
      expect(await notice(page).textContent()).toBe('Live: view the post “Portes ouvertes des ateliers” on the site.');
      const row = page.getByRole('row').filter({ hasText: 'Portes ouvertes des ateliers' });
      await row.getByText('Live', { exact: true }).waitFor();
      expect(await row.getByRole('link', { name: /View on site/ }).getAttribute('href')).toBe(await link.getAttribute('href'));
      expect(await axeViolations(page)).toEqual([]);
      await keepScreenshot(page, 'post-list-1280');

      const slug = 'portes-ouvertes-des-ateliers';
      const postHtml = await (await fetch(`${product.url}/blog/${slug}`)).text();
      expect(postHtml).toMatch(/<h2[^>]*>Au programme<\/h2>/);
      expect(postHtml).toMatch(/<li[^>]*>Soudure<\/li>/);
      expect(postHtml).toMatch(/style="color:\s*rgb\(230, 0, 0\)[^"]*"[^>]*>formateurs/);
      expect(postHtml).toContain('href="https://example.cm/inscription"');
      expect(postHtml).toMatch(/<img[^>]+srcset="[^"]*-960w\.webp[^"]*"/);
      expect(await (await fetch(`${product.url}/blog`)).text()).toContain('Portes ouvertes des ateliers');
      await link.click();
      await page.waitForURL(`**/blog/${slug}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Portes ouvertes des ateliers');
      expect(await page.locator('main').textContent()).toContain('Par Direction');

      await page.goto(`${product.url}/admin/blogs`);
      await page.getByRole('link', { name: 'Edit Portes ouvertes des ateliers' }).click();
      await page.getByLabel('Blog Title *').fill('Portes ouvertes : nouvelle date');
      await page.getByRole('button', { name: 'Update Blog Post' }).click();
      await page
        .locator('#root')
        .getByText(/Blog post updated successfully!/)
        .waitFor();
      await waitFor(
        async () => (await fetch(`${product.url}/blog/${slug}`).then((r) => r.text())).includes('nouvelle date'),
        publishWaitMs,
        () => 'the new title did not reach the post page',
      );

      await page.goto(`${product.url}/admin/blogs`);
      await page.getByRole('button', { name: 'Delete Portes ouvertes : nouvelle date' }).click();
      await page.getByRole('dialog').getByText('Are you sure you want to delete this blog?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.locator('#root').getByText('Blog deleted successfully!').waitFor();
      await waitFor(
        async () => (await fetch(`${product.url}/blog/${slug}`)).status === 404,
        publishWaitMs,
        () => 'the deleted post is still online',
      );
      expect(await fetch(`${product.url}/blog`).then((r) => r.text())).not.toContain('nouvelle date');
    },
    scaled(4 * publishWaitMs),
  );

  it(
    'at 390×844 by touch: a draft stays off the site, Publish puts it online, Unpublish takes it off',
    async () => {
      const page = await signIn({ width: 390, height: 844 }, true);
      await writePost(page, 'Brouillon de la rentrée');
      await page.getByRole('button', { name: 'Save as draft' }).tap();
      await page.locator('#root').getByText('Draft saved. It is not on the public site.').waitFor();
      expect(await notice(page).textContent()).toBe('');
      await page.waitForURL('**/admin/blogs');
      expect(await publicStatus('brouillon-de-la-rentree')).toBe(404);

      await page.getByRole('link', { name: 'Edit Brouillon de la rentrée' }).tap();
      await page.getByRole('button', { name: 'Publish' }).waitFor();
      expect(
        await page.getByText('Saves your changes. It stays a draft, off the site.').isVisible(),
        'the hint of Update Blog Post',
      ).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await keepScreenshot(page, 'post-form-draft-390');
      await page.getByRole('button', { name: 'Publish' }).tap();
      await notice(page)
        .getByRole('link', { name: 'view the post' })
        .waitFor({ timeout: scaled(publishWaitMs) });
      expect(await publicStatus('brouillon-de-la-rentree')).toBe(200);
      await keepScreenshot(page, 'post-form-live-390');

      await page.getByRole('button', { name: 'Unpublish' }).tap();
      await expect
        .poll(() => notice(page).textContent(), { timeout: scaled(publishWaitMs) })
        .toBe('Off the site: “Brouillon de la rentrée” is no longer public. It stays here as a draft.');
      expect(await publicStatus('brouillon-de-la-rentree')).toBe(404);
      await page.goto(`${product.url}/admin/blogs`);
      const row = page.getByRole('row').filter({ hasText: 'Brouillon de la rentrée' });
      await row.getByText('Draft', { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await keepScreenshot(page, 'post-list-390');
    },
    scaled(3 * publishWaitMs),
  );
});

/**
 * A publish renders only what changed (Astro's incremental build, site/src/lib/cache-keys.ts):
 * this checks the other half, that whatever a change touches is always rendered again.
 */
describe('publishing a change to the site', () => {
  let token: string;

  beforeAll(async () => {
    token = await loginToken(product.url, superAdmin.email, superAdmin.password);
    // The staff's last change is live first: each build below is then the one its change asked for.
    await waitFor(
      async () => (await status()).state === 'idle',
      publishWaitMs,
      () => product.output(),
    );
  });

  const status = async () => apiClient(product.url, token).get<SiteBuildStatus>('/site/status');
  const page = async (path: string) => {
    const response = await fetch(`${product.url}${path}`);
    return { status: response.status, text: await response.text() };
  };
  /** Waits for the build a change asked for: a success newer than `since`, nothing scheduled. */
  const published = async (since: string | null) =>
    waitFor(
      async () => {
        const now = await status();
        return now.state === 'idle' && now.lastSuccessAt !== since;
      },
      publishWaitMs,
      () => product.output(),
    );

  it(
    'renders again every page a changed or deleted post appears on, and reuses the pages it does not touch',
    async () => {
      const staff = apiClient(product.url, token);
      let since = (await status()).lastSuccessAt;
      type Saved = { blog: { _id: number; slug: string } };
      const kept = await staff.post<Saved>('/blog', {
        title: 'Rentrée de janvier',
        description: '<p>Inscriptions ouvertes.</p>',
        status: 'published',
      });
      const removed = await staff.post<Saved>('/blog', {
        title: 'Journée portes ouvertes',
        description: '<p>Venez nous voir.</p>',
        titleEn: 'Open day',
        descriptionEn: '<p>Come and see us.</p>',
        status: 'published',
      });
      await published(since);
      expect((await page(`/blog/${removed.blog.slug}`)).status).toBe(200);
      expect((await page(`/en/blog/${removed.blog.slug}`)).text).toContain('Come and see us.');
      expect((await page(`/en/blog/${kept.blog.slug}`)).status).toBe(404);
      expect((await page('/blog')).text).toContain('Rentrée de janvier');

      since = (await status()).lastSuccessAt;
      const response = await fetch(`${product.url}/api/blog/${kept.blog._id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Rentrée de janvier : dernières places',
          description: '<p>Plus que quelques places.</p>',
          titleEn: 'January intake: last places',
          descriptionEn: '<p>Only a few places left.</p>',
        }),
      });
      expect(response.status).toBe(200);
      await fetch(`${product.url}/api/blog/${removed.blog._id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      await published(since);

      const post = await page(`/blog/${kept.blog.slug}`);
      expect(post.text).toContain('dernières places');
      expect(post.text).toContain('Plus que quelques places.');
      expect(post.text).not.toContain('Inscriptions ouvertes.');
      expect((await page(`/blog/${removed.blog.slug}`)).status).toBe(404);
      expect((await page(`/blog/${removed.blog._id}`)).status).toBe(404);
      // An English version given is published, with the French post linking to it; a deleted post's is gone.
      expect((await page(`/en/blog/${kept.blog.slug}`)).text).toContain('Only a few places left.');
      expect(post.text).toMatch(new RegExp(`hreflang="en" href="[^"]*/en/blog/${kept.blog.slug}"`));
      expect((await page('/en/blog')).text).toContain('January intake: last places');
      expect((await page(`/en/blog/${removed.blog.slug}`)).status).toBe(404);
      const index = await page('/blog');
      expect(index.text).toContain('dernières places');
      expect(index.text).not.toContain('Journée portes ouvertes');
      expect((await page('/sitemap.xml')).text).not.toContain(removed.blog.slug);
      expect((await page('/formation/soudure')).status).toBe(200);

      const { lastPages } = await status();
      // At least each programme's and department's page, in both languages: no post is on them.
      expect(lastPages?.reused).toBeGreaterThanOrEqual(2 * (fixtureProgrammes.length + fixtureDepartements.length));
      expect(lastPages?.rendered).toBeGreaterThan(0);
      expect(lastPages?.rendered).toBeLessThan(lastPages?.reused ?? 0);
    },
    scaled(3 * publishWaitMs),
  );
});
