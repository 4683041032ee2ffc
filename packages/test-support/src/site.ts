import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { apiClient, loginToken, pngImage } from './admin-session.ts';
import { viewports } from './browser.ts';
import { type ProductOptions, type RunningProduct, startProduct, untilSiteBuilt } from './product.ts';
import { publishWaitMs, untilQuiet, waitFor } from './waiting.ts';

/**
 * What the public site's browser tests and `pnpm --filter @cfp/bench bench:site` share: a
 * product started with one published post (with an uploaded cover), the page of each type
 * and its budget (site/budgets.json), and how a page's weight is measured.
 */

export const siteAdmin = { email: 'site@centre.test', password: 'site passphrase long enough' };

export interface Budgets {
  budgets: { beforeImages: number; js: number };
  exceptions: Record<string, { js?: number; beforeImages?: number; reason: string }>;
  pages: Record<string, string>;
}

export function readBudgets(): Budgets {
  return JSON.parse(readFileSync(new URL('../../../site/budgets.json', import.meta.url), 'utf8')) as Budgets;
}

/** The budgets of one page type, its exception (if any) applied. */
export function budgetOf(budgets: Budgets, type: string): { beforeImages: number; js: number } {
  return { ...budgets.budgets, ...budgets.exceptions[type] };
}

export interface PublishedPost {
  id: number;
  slug: string;
  title: string;
}

export interface SiteUnderTest {
  product: RunningProduct;
  token: string;
  post: PublishedPost;
  /** The page of each type (site/budgets.json), the post's slug filled in. */
  pages: Record<string, string>;
}

/** Starts the product (fresh data) as `pnpm start` does, with a known admin, and waits for the first site build. */
export async function startSite(
  env: Record<string, string> = {},
  admin: { email: string; password: string } = siteAdmin,
  options: ProductOptions = {},
): Promise<{ product: RunningProduct; token: string }> {
  const product = await startProduct(
    {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SITE_REBUILD_DEBOUNCE_MS: '0',
      ...env,
    },
    options,
  );
  try {
    await untilSiteBuilt(product);
    return { product, token: await loginToken(product.url, admin.email, admin.password) };
  } catch (error) {
    await product.stop();
    throw error;
  }
}

/**
 * Publishes a post with a 1200×675 cover and an English version through the API and waits until
 * the rebuilt site shows it (its English page is a page type of its own in site/budgets.json).
 */
export async function publishPost(product: RunningProduct, token: string): Promise<PublishedPost> {
  const api = apiClient(product.url, token);
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(pngImage(1200, 675))], { type: 'image/png' }), 'rentree-octobre.png');
  const cover = await api.post<{ url: string }>('/images', form);
  const title = 'Rentrée d’octobre : les inscriptions sont ouvertes';
  const { blog } = await api.post<{ blog: { _id: number; slug: string } }>('/blog', {
    title,
    description:
      '<h2>Les dates</h2><p>Les cours reprennent en octobre dans les huit départements. <strong>Inscrivez-vous</strong> dès maintenant au centre.</p><ul><li>Cours du jour</li><li>Cours du soir</li></ul>',
    author: 'La direction',
    coverPhoto: cover.url,
    coverAlt: 'Des apprentis dans l’atelier de soudure',
    titleEn: 'October intake: enrolment is open',
    descriptionEn:
      '<h2>The dates</h2><p>Classes start again in October in all eight departments. <strong>Enrol</strong> now at the centre.</p><ul><li>Day classes</li><li>Evening classes</li></ul>',
  });
  await waitFor(
    async () => (await fetch(`${product.url}/blog/${blog.slug}`)).status === 200,
    publishWaitMs,
    () => `the post did not reach the site:\n${product.output()}`,
  );
  // A change made during that build schedules one more: pages are measured on an idle product, not beside a build.
  await waitFor(
    async () => (await api.get<{ state: string }>('/site/status')).state === 'idle',
    publishWaitMs,
    () => `the site kept rebuilding:\n${product.output()}`,
  );
  return { id: blog._id, slug: blog.slug, title };
}

/**
 * The product with one published post, and the page of each type (site/budgets.json) to visit.
 * Its pages are weighed, so they are compressed as in production, and it may build the whole
 * content given as CONTENT_DIR (`fullContent`): e2e/shared-site and bench:site read the real one.
 */
export async function startSiteWithPost(
  env: Record<string, string> = {},
  admin: { email: string; password: string } = siteAdmin,
): Promise<SiteUnderTest> {
  const { product, token } = await startSite({ SITE_BROTLI_QUALITY: '11', ...env }, admin, { fullContent: true });
  try {
    const post = await publishPost(product, token);
    const pages = Object.fromEntries(
      Object.entries(readBudgets().pages).map(([type, path]) => [type, path.replace('{post}', post.slug)]),
    );
    return { product, token, post, pages };
  } catch (error) {
    await product.stop();
    throw error;
  }
}

/** Waits for the page's load event and until no request it started is still running (bounded). */
export async function settle(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.waitForLoadState('load');
  let inFlight = 0;
  const started = () => {
    inFlight += 1;
  };
  const ended = () => {
    inFlight -= 1;
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await untilQuiet(() => inFlight > 0, { timeoutMs });
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Collects what should never happen on a page: script errors, console errors, failed requests, 4xx/5xx resources. */
export function watchProblems(page: Page, { allowDocumentStatus = 200 } = {}) {
  const problems: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() !== 'error') return;
    // Chromium logs the not-found page's own 404 as a failed resource: that one is expected.
    if (allowDocumentStatus === 404 && /status of 404/.test(message.text())) return;
    problems.push(`console: ${message.text()}`);
  };
  const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
  // ERR_ABORTED is a request the page itself dropped when the test moved on (a lazy image still
  // on its way on a busy machine), not a failure; a server's failure shows as another error or a status.
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) => {
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`request failed: ${request.url()} ${reason}`);
  };
  const onResponse = (response: { url(): string; status(): number; request(): { resourceType(): string } }) => {
    const expected = response.request().resourceType() === 'document' ? allowDocumentStatus : 200;
    if (response.status() >= 400 && response.status() !== expected) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  };
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  return {
    problems,
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('requestfailed', onFailed);
      page.off('response', onResponse);
    },
  };
}

export interface PageWeight {
  /** gzip-compressed bytes per kind of resource the page loaded (images: as served, SVG compressed). */
  html: number;
  css: number;
  js: number;
  fonts: number;
  images: number;
  /** HTML + CSS + JS + fonts. */
  beforeImages: number;
  /** External scripts that block the first render (neither module, async nor defer). */
  blockingScripts: string[];
}

const gzipped = (body: Buffer) => gzipSync(body).length;

/**
 * Adds up what `page` transfers from now on, compressed as a server would: call it before the
 * page goes to its address (in a fresh context, so that nothing comes from the cache); the
 * function it returns gives the total once the page has settled.
 */
export function weighPage(page: Page): () => Promise<PageWeight> {
  const bodies: Array<Promise<{ kind: string; bytes: number }>> = [];
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    // Redirects carry no page; the not-found page (404) is a page like the others.
    if (
      !['document', 'stylesheet', 'script', 'font', 'image'].includes(kind) ||
      (response.status() >= 300 && response.status() < 400)
    )
      return;
    bodies.push(
      response
        .body()
        .then((body) => {
          const compressible = kind !== 'image' || /svg/.test(response.headers()['content-type'] ?? '');
          return { kind, bytes: compressible ? gzipped(body) : body.length };
        })
        .catch(() => ({ kind, bytes: 0 })),
    );
  });
  return async () => {
    const weight: PageWeight = { html: 0, css: 0, js: 0, fonts: 0, images: 0, beforeImages: 0, blockingScripts: [] };
    const field = { document: 'html', stylesheet: 'css', script: 'js', font: 'fonts', image: 'images' } as const;
    for (const { kind, bytes } of await Promise.all(bodies)) weight[field[kind as keyof typeof field]] += bytes;
    weight.beforeImages = weight.html + weight.css + weight.js + weight.fonts;
    // A string, not a function: this module is also type-checked without the DOM's types (bench/).
    weight.blockingScripts = (await page.evaluate(
      `[...document.querySelectorAll('script[src]')].filter((script) => script.type !== 'module' && !script.async && !script.defer).map((script) => script.src)`,
    )) as string[];
    return weight;
  };
}

/** Loads a page in a fresh context (empty cache) and adds up what it transferred, compressed as a server would. */
export async function measurePage(
  browser: Browser,
  url: string,
  viewport: keyof typeof viewports = 'phone',
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: viewports[viewport], serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const weight = weighPage(page);
    await page.goto(url);
    await settle(page);
    return await weight();
  } finally {
    await context.close();
  }
}

/**
 * axe-core's violations on the page as it is now (WCAG 2.2 A/AA and best practices), one line each.
 * Run inside the page (legacy mode): by default axe merges its results in a blank page it opens
 * beside it, and on a loaded machine that took the page's focus, given back to its first link
 * (a keyboard test then typed into the skip link). The pages have no iframe that needs more.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode()
    .analyze();
  return result.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

export interface ContactVisitor {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  /** A programme's slug, chosen in the list. */
  programme?: string;
}

/** Fills the contact form as a visitor does, field by field. */
export async function fillContactForm(page: Page, visitor: ContactVisitor): Promise<void> {
  await page.fill('#contact-first-name', visitor.firstName);
  await page.fill('#contact-last-name', visitor.lastName);
  await page.fill('#contact-email', visitor.email);
  await page.fill('#contact-phone', visitor.phone);
  if (visitor.programme) await page.selectOption('#contact-programme', visitor.programme);
  await page.fill('#contact-message', visitor.message);
}
