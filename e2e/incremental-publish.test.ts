import type { SiteBuildStatus } from '@cfp/shared';
import { apiClient, loginToken } from '@cfp/test-support/admin-session';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { waitFor } from '@cfp/test-support/waiting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const admin = { email: 'direction@centre.test', password: 'incremental passphrase long' };

/**
 * A publish renders only what changed (Astro's incremental build, site/src/lib/cache-keys.ts):
 * this checks the other half, that whatever a change touches is always rendered again.
 */
describe('publishing a change to the site', () => {
  let product: RunningProduct;
  let token: string;

  beforeAll(async () => {
    product = await startProduct({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, SITE_REBUILD_DEBOUNCE_MS: '200' });
    await waitFor(
      async () => (await fetch(`${product.url}/`)).status === 200,
      240_000,
      () => product.output(),
    );
    token = await loginToken(product.url, admin.email, admin.password);
  });

  afterAll(async () => {
    await product?.stop();
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
      120_000,
      () => product.output(),
    );

  it('renders again every page a changed or deleted post appears on, and reuses the pages it does not touch', async () => {
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
      status: 'published',
    });
    await published(since);
    expect((await page(`/blog/${removed.blog.slug}`)).status).toBe(200);
    expect((await page('/blog')).text).toContain('Rentrée de janvier');

    since = (await status()).lastSuccessAt;
    const response = await fetch(`${product.url}/api/blog/${kept.blog._id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Rentrée de janvier : dernières places', description: '<p>Plus que quelques places.</p>' }),
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
    const index = await page('/blog');
    expect(index.text).toContain('dernières places');
    expect(index.text).not.toContain('Journée portes ouvertes');
    expect((await page('/sitemap.xml')).text).not.toContain(removed.blog.slug);
    expect((await page('/formation/soudure')).status).toBe(200);

    const { lastPages } = await status();
    expect(lastPages?.reused).toBeGreaterThan(100);
    expect(lastPages?.rendered).toBeGreaterThan(0);
    expect(lastPages?.rendered).toBeLessThan(lastPages?.reused ?? 0);
  });
});
