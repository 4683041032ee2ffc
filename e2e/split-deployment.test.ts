import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { apiClient, loginToken, pngImage, signInWithForm } from '@cfp/test-support/admin-session';
import { viewports } from '@cfp/test-support/browser';
import { freePort } from '@cfp/test-support/free-port';
import { startLoopbackS3 } from '@cfp/test-support/loopback-s3';
import { startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import { type RunningProduct, startProduct, untilSiteBuilt } from '@cfp/test-support/product';
import { connectBrowser } from '@cfp/test-support/shared-browser';
import { fillContactForm } from '@cfp/test-support/site';
import { scaled } from '@cfp/test-support/time-scale';
import { publishWaitMs, waitFor } from '@cfp/test-support/waiting';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StaticHost, startStaticHost } from './support/static-host.ts';

const workspaceRoot = fileURLToPath(new URL('../', import.meta.url));
const admin = { email: 'direction@centre.test', password: 'split passphrase long enough' };
const title = 'Rentrée de janvier : inscriptions ouvertes';
const slug = 'rentree-de-janvier-inscriptions-ouvertes';

/** Every page of a journey: no console error (a CSP violation is one), no failed request, no 4xx/5xx but the expected. */
function watch(context: BrowserContext, problems: string[]) {
  context.on('page', (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 404/.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    // ERR_ABORTED is a request the page itself dropped when it navigated on, not a failure.
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      if (reason !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} ${reason}`);
    });
  });
}

/**
 * The design's deployment on loopback: three origins on three ports. The site is served by a
 * static host that knows nothing of the API (from the directory the API publishes to, then from
 * the bucket it publishes to), the admin by another from a build for the root of its own host,
 * and the API serves neither.
 */
describe('the split deployment: the site on a static host, the admin on its own origin, the API apart', () => {
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  /** The three origins, the same for both tests: the admin is built once, for them. */
  let urls: { site: string; admin: string; api: string };
  let adminDist: string;
  const cleanups: Array<() => Promise<void> | void> = [];
  /** What a test started: stopped when it ends, so that the next one can take the same ports. */
  const partsOfTest: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    smtp = await startLoopbackSmtp(0, { closeAfterEach: false });
    cleanups.push(() => smtp.close());
    const [apiPort, sitePort, adminPort] = [await freePort(), await freePort(), await freePort()];
    urls = { site: `http://127.0.0.1:${sitePort}`, admin: `http://127.0.0.1:${adminPort}`, api: `http://127.0.0.1:${apiPort}` };
    const work = mkdtempSync(path.join(tmpdir(), 'cfp-split-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    adminDist = path.join(work, 'admin');
    [browser] = await Promise.all([
      connectBrowser(),
      promisify(execFile)('pnpm', ['--filter', '@cfp/admin', 'build'], {
        cwd: workspaceRoot,
        env: { ...process.env, ...publicUrls(), ADMIN_BASE_PATH: '/', ADMIN_OUT_DIR: adminDist },
      }),
    ]);
  });

  afterEach(async () => {
    for (const stop of partsOfTest.splice(0).reverse()) await stop();
  });

  afterAll(async () => {
    await browser?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const publicUrls = () => ({ PUBLIC_SITE_URL: urls.site, PUBLIC_ADMIN_URL: urls.admin, PUBLIC_API_URL: `${urls.api}/api` });

  async function startParts(publish: Record<string, string>, siteSource: (dir: string) => Parameters<typeof startStaticHost>[0]) {
    const publishDir = mkdtempSync(path.join(tmpdir(), 'cfp-split-www-'));
    partsOfTest.push(() => rmSync(publishDir, { recursive: true, force: true }));
    const product: RunningProduct = await startProduct({
      ...smtp.env,
      ...publicUrls(),
      ...publish,
      SITE_PUBLISH_DIR: path.join(publishDir, 'www'),
      PORT: new URL(urls.api).port,
      SITE_SERVE: 'false',
      SITE_REBUILD_DEBOUNCE_MS: '300',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    partsOfTest.push(() => product.stop());
    const site: StaticHost = await startStaticHost(siteSource(path.join(publishDir, 'www')), Number(new URL(urls.site).port));
    const adminHost: StaticHost = await startStaticHost({ directory: adminDist }, Number(new URL(urls.admin).port));
    partsOfTest.push(
      () => site.close(),
      () => adminHost.close(),
    );
    await untilSiteBuilt(product, urls.site);
    return { urls, product };
  }

  /**
   * What the host cannot redirect, its 404 page does: the previous site's addresses (listed in
   * the build's `_redirects`), a post's number, capitals and a trailing slash.
   */
  async function expectMovesOnAPlainHost(page: Page, staffApi: ReturnType<typeof apiClient>) {
    const post = (await staffApi.get<Array<{ _id: string; slug: string }>>('/blog')).find((entry) => entry.slug === slug);
    const moves: Array<[from: string, to: RegExp]> = [
      ['/Formation', /\/formations\/?$/],
      ['/FAQ', /\/faq\/?$/],
      ['/Contact?programme=soudure', /\/contact\/\?programme=soudure$/],
      [`/blog/${post?._id}`, new RegExp(`/blog/${slug}/?$`)],
    ];
    for (const [from, to] of moves) {
      await page.goto(`${urls.site}${from}`);
      await page.waitForURL(to);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Page introuvable');
    }
  }

  it(
    'from the published directory: both forms with and without JavaScript, the newsletter confirmed by e-mail, a post with a cover published, counted, edited and deleted from the admin',
    async () => {
      const { urls } = await startParts({ SITE_PUBLISH: 'dir' }, (directory) => ({ directory }));
      const problems: string[] = [];
      const context = await browser.newContext({ viewport: viewports.phone });
      watch(context, problems);
      const page = await context.newPage();

      // The contact form, with JavaScript: sent to the API's origin in place.
      await page.goto(`${urls.site}/contact`);
      await fillContactForm(page, {
        firstName: 'Awa',
        lastName: 'Ndzi',
        email: 'awa.ndzi@example.cm',
        phone: '+237 690 00 00 00',
        message: 'Bonjour, je voudrais des informations sur la soudure.',
      });
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.getByRole('button', { name: 'Message envoyé ✅' }).waitFor();

      // The newsletter, double opt-in: the link in the e-mail goes through the API to the site's page.
      await page.goto(`${urls.site}/faq`);
      await page.locator('#newsletter-email').fill('lectrice@example.cm');
      await page.getByRole('button', { name: 'S’abonner' }).click();
      await page.getByText(/confirmez votre inscription grâce au lien envoyé par e-mail/).waitFor();
      await waitFor(
        async () => smtp.received.some((mail) => mail.to.includes('lectrice@example.cm')),
        10_000,
        () => 'no confirmation e-mail',
      );
      const link = smtp.received
        .find((mail) => mail.to.includes('lectrice@example.cm'))
        ?.text.match(/https?:\/\/\S+confirm\?token=\S+/)?.[0];
      expect(link?.startsWith(`${urls.api}/api/subscriber/confirm?token=`)).toBe(true);
      await page.goto(link as string);
      // The link opens a page whose button confirms (a mail scanner opening it confirms nothing).
      await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
      await page.waitForURL(`${urls.site}/newsletter/confirmee/`);
      // The API sends the visitor to /newsletter/confirmee; a host that maps nothing serves the folder's page.
      expect(page.url()).toBe(`${urls.site}/newsletter/confirmee/`);
      await page.getByRole('heading', { level: 1 }).waitFor();

      // Without JavaScript: plain form posts to the API, answered with the site's French pages.
      const noScript = await browser.newContext({ viewport: viewports.phone, javaScriptEnabled: false });
      watch(noScript, problems);
      const plain = await noScript.newPage();
      await plain.goto(`${urls.site}/contact`);
      await fillContactForm(plain, {
        firstName: 'Paul',
        lastName: 'Mbarga',
        email: 'paul.mbarga@example.cm',
        phone: '699000000',
        message: 'Message envoyé sans JavaScript.',
      });
      await plain.getByRole('button', { name: 'Envoyer le message' }).click();
      await plain.waitForURL(`${urls.site}/contact/merci/`);
      await noScript.close();

      // The admin, on its own origin, publishes a post with a cover.
      const staff = await browser.newContext({ viewport: viewports.desktop });
      watch(staff, problems);
      const adminPage = await staff.newPage();
      await adminPage.goto(`${urls.admin}/login`);
      await signInWithForm(adminPage, admin);
      expect(adminPage.url()).toBe(`${urls.admin}/dashboard`);
      // A host with no fallback rule sends its 404.html for /create-blog: the app itself.
      await adminPage.goto(`${urls.admin}/create-blog`);
      await adminPage.getByLabel(/Blog Title/).fill(title);
      await adminPage.locator('.ql-editor').fill('Les inscriptions pour la rentrée de janvier sont ouvertes.');
      await adminPage
        .locator('input[type=file]')
        .setInputFiles({ name: 'rentree.png', mimeType: 'image/png', buffer: pngImage(800, 500) });
      await adminPage
        .locator('#root')
        .getByText('Image uploaded')
        .waitFor({ timeout: scaled(30_000) });
      await adminPage.getByLabel('Image description *').fill('L’affiche de la rentrée de janvier');
      await adminPage.getByRole('button', { name: 'Create Blog Post' }).click();
      await adminPage.locator('#root').getByText('Blog post created successfully!').waitFor();

      await waitFor(
        async () => (await fetch(`${urls.site}/blog/${slug}`)).status === 200,
        publishWaitMs,
        () => 'the post did not reach the site',
      );
      await page.goto(`${urls.site}/blog/${slug}`);
      const cover = page.locator('article img').first();
      expect(await cover.getAttribute('src')).toMatch(new RegExp(`^${urls.api}/media/blogImages/`));
      expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

      const token = await loginToken(urls.api, admin.email, admin.password);
      const staffApi = apiClient(urls.api, token);
      await expectMovesOnAPlainHost(page, staffApi);
      await waitFor(
        async () =>
          ((await staffApi.get<Array<{ slug: string; views: number }>>('/blog')).find((post) => post.slug === slug)?.views ??
            0) >= 1,
        10_000,
        () => 'the view beacon was not counted',
      );
      const messages = (await staffApi.get<{ items: Array<{ lastName: string }> }>('/messages')).items;
      expect(messages.map((message) => message.lastName).sort()).toEqual(['Mbarga', 'Ndzi']);

      await adminPage.goto(`${urls.admin}/blogs`);
      await adminPage.getByRole('link', { name: `Edit ${title}` }).click();
      await adminPage.getByLabel(/Blog Title/).fill('Rentrée de janvier : dernières places');
      await adminPage.getByRole('button', { name: 'Update Blog Post' }).click();
      await adminPage
        .locator('#root')
        .getByText(/Blog post updated successfully!/)
        .waitFor();
      await waitFor(
        async () => (await (await fetch(`${urls.site}/blog/${slug}`)).text()).includes('dernières places'),
        publishWaitMs,
        () => 'the new title did not reach the site',
      );
      await adminPage.goto(`${urls.admin}/blogs`);
      await adminPage.getByRole('button', { name: 'Delete Rentrée de janvier : dernières places' }).click();
      await adminPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await adminPage.locator('#root').getByText('Blog deleted successfully!').waitFor();
      await waitFor(
        async () => (await fetch(`${urls.site}/blog/${slug}`)).status === 404,
        publishWaitMs,
        () => 'the deleted post is still on the site',
      );

      await staff.close();
      await context.close();
      expect(problems).toEqual([]);
    },
    scaled(4 * publishWaitMs),
  );

  it(
    'from the bucket it publishes to, behind a CDN-like host: the contact form and a published post',
    async () => {
      const s3 = await startLoopbackS3('images', { otherBuckets: ['site'] });
      const { urls, product } = await startParts(
        { ...s3.env, SITE_PUBLISH: 's3', SITE_S3_BUCKET: 'site', SITE_S3_PREFIX: 'www/' },
        () => ({
          bucketUrl: `${s3.endpoint}/site/www`,
        }),
      );
      const problems: string[] = [];
      const context = await browser.newContext({ viewport: viewports.desktop });
      watch(context, problems);
      const page = await context.newPage();
      await page.goto(`${urls.site}/contact`);
      await fillContactForm(page, {
        firstName: 'Léa',
        lastName: 'Ondoa',
        email: 'lea.ondoa@example.cm',
        phone: '677000000',
        message: 'Bonjour depuis le CDN.',
      });
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await page.getByRole('button', { name: 'Message envoyé ✅' }).waitFor();

      const token = await loginToken(urls.api, admin.email, admin.password);
      await apiClient(urls.api, token).post('/blog', {
        title,
        description: '<p>Publié dans le bucket.</p>',
        status: 'published',
      });
      await waitFor(
        async () => (await fetch(`${urls.site}/blog/${slug}`)).status === 200,
        publishWaitMs,
        () => `the post did not reach the bucket\n${product.output()}`,
      );
      await page.goto(`${urls.site}/blog/${slug}`);
      await page.getByText('Publié dans le bucket.').waitFor();
      await context.close();
      expect(problems).toEqual([]);
    },
    scaled(2 * publishWaitMs),
  );
});
