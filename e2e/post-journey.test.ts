import { signInWithForm } from '@cfp/test-support/admin-session';
import { viewports } from '@cfp/test-support/browser';
import { type RunningProduct, startProduct, untilSiteBuilt } from '@cfp/test-support/product';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { scaled } from '@cfp/test-support/time-scale';
import { publishWaitMs, waitFor } from '@cfp/test-support/waiting';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const admin = { email: 'direction@centre.test', password: 'journey passphrase long' };

/**
 * The staff's journey that changes the site: a post written, published, renamed and deleted, each
 * seen on the static site. How soon a publish is public (within a minute, with production's pause
 * between builds) is a timing, measured by `bench:publish`; this checks that each change gets there.
 */
describe('the staff’s whole journey with a post', () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SITE_REBUILD_DEBOUNCE_MS: '500',
    });
    await untilSiteBuilt(product);
    browser = await connectBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it(
    'an administrator writes and publishes a post with an uploaded cover; the static site shows it, then its new title, then not at all',
    async () => {
      const context = await browser.newContext({ viewport: viewports.desktop });
      const page = await context.newPage();
      await page.goto(`${product.url}/admin/login`);
      await signInWithForm(page, admin);

      await page.goto(`${product.url}/admin/create-blog`);
      await page.getByLabel(/Blog Title/).fill('Journée portes ouvertes à Nkoabang');
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
      const cover = await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 1200;
        canvas.height = 800;
        const context2d = canvas.getContext('2d') as CanvasRenderingContext2D;
        context2d.fillStyle = '#0d5c3a';
        context2d.fillRect(0, 0, 1200, 800);
        context2d.fillStyle = '#f2a900';
        context2d.fillRect(300, 200, 600, 400);
        return canvas.toDataURL('image/png').split(',')[1] as string;
      });
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'portes-ouvertes.png', mimeType: 'image/png', buffer: Buffer.from(cover, 'base64') });
      await page
        .locator('#root')
        .getByText('Image uploaded')
        .waitFor({ timeout: scaled(30_000) });
      await page.getByLabel('Image description *').fill('L’affiche des portes ouvertes');
      await page.getByRole('button', { name: 'Create Blog Post' }).click();
      await page.locator('#root').getByText('Blog post created successfully!').waitFor();
      await page.waitForURL('**/admin/blogs', { timeout: scaled(10_000) });

      const slug = 'journee-portes-ouvertes-a-nkoabang';
      await waitFor(
        async () => (await fetch(`${product.url}/blog`).then((r) => r.text())).includes('Journée portes ouvertes à Nkoabang'),
        publishWaitMs,
        () => `the post did not reach /blog:\n${product.output()}`,
      );
      const postHtml = await (await fetch(`${product.url}/blog/${slug}`)).text();
      expect(postHtml).toMatch(/<h2[^>]*>Au programme<\/h2>/);
      expect(postHtml).toMatch(/<li[^>]*>Soudure<\/li>/);
      expect(postHtml).toMatch(/style="color:\s*rgb\(230, 0, 0\)[^"]*"[^>]*>formateurs/);
      expect(postHtml).toContain('href="https://example.cm/inscription"');
      expect(postHtml).toMatch(/<img[^>]+srcset="[^"]*-960w\.webp[^"]*"/);

      await page.getByRole('link', { name: 'Edit Journée portes ouvertes à Nkoabang' }).click();
      await page.getByLabel(/Blog Title/).fill('Journée portes ouvertes : nouvelle date');
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
      await page.getByRole('button', { name: 'Delete Journée portes ouvertes : nouvelle date' }).click();
      await page.getByRole('dialog').getByText('Are you sure you want to delete this blog?').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.locator('#root').getByText('Blog deleted successfully!').waitFor();
      await waitFor(
        async () => (await fetch(`${product.url}/blog/${slug}`)).status === 404,
        publishWaitMs,
        () => 'the deleted post is still online',
      );
      expect(await fetch(`${product.url}/blog`).then((r) => r.text())).not.toContain('nouvelle date');
      await context.close();
    },
    scaled(4 * publishWaitMs),
  );
});
