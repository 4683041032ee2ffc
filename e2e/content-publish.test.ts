import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SiteBuildStatus } from '@cfp/shared';
import { apiClient, loginToken } from '@cfp/test-support/admin-session';
import { type RunningProduct, startProduct } from '@cfp/test-support/product';
import { waitFor } from '@cfp/test-support/waiting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const admin = { email: 'contenu@centre.test', password: 'content watch passphrase' };
const repositoryContent = path.resolve(import.meta.dirname, '../content');

/**
 * An editor's change to the content folder goes live by itself: the product watches the folder
 * (a scratch copy here, a git-sync checkout in production), rebuilds, and holds back content
 * that does not build without holding back the blog.
 */
describe('a change to the content folder', () => {
  let product: RunningProduct;
  let token: string;
  const content = mkdtempSync(path.join(tmpdir(), 'cfp-content-watch-'));
  const soudure = path.join(content, 'formations', 'soudure.md');
  const original = readFileSync(path.join(repositoryContent, 'formations', 'soudure.md'), 'utf8');

  beforeAll(async () => {
    cpSync(repositoryContent, content, { recursive: true });
    product = await startProduct({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      CONTENT_DIR: content,
      CONTENT_WATCH_INTERVAL_MS: '200',
      SITE_REBUILD_DEBOUNCE_MS: '200',
    });
    await waitFor(
      async () => (await fetch(`${product.url}/formation/soudure`)).status === 200,
      240_000,
      () => product.output(),
    );
    token = await loginToken(product.url, admin.email, admin.password);
  });

  afterAll(async () => {
    await product?.stop();
    rmSync(content, { recursive: true, force: true });
  });

  const status = () => apiClient(product.url, token).get<SiteBuildStatus>('/site/status');
  const pageText = async (pagePath: string) => (await fetch(`${product.url}${pagePath}`)).text();
  const until = (condition: () => Promise<boolean>) => waitFor(condition, 120_000, () => product.output());

  it('is on the served site without anyone publishing it', async () => {
    writeFileSync(soudure, original.replace(/^title: ".*"$/m, 'title: "Soudure et métallerie"'));
    await until(async () => (await pageText('/formation/soudure')).includes('Soudure et métallerie'));
    await until(async () => (await status()).state === 'idle');
    expect(await status()).toMatchObject({ contentHeldBack: false, notLive: { posts: null, content: null } });
  });

  it('that breaks a file leaves the previous site live, names the file and field, and lets posts publish', async () => {
    writeFileSync(
      soudure,
      original.replace(/^title: ".*"$/m, 'title: "Soudure cassée"').replace(/^durationMonths: \d+$/m, 'durationMonths: 90'),
    );
    await until(async () => (await status()).contentHeldBack);
    const held = await status();
    expect(held.notLive.content).toEqual(expect.any(String));
    expect(held.content?.problems).toContainEqual(
      expect.objectContaining({ kind: 'error', file: 'content/formations/soudure.md', field: 'durationMonths' }),
    );
    const page = await pageText('/formation/soudure');
    expect(page).toContain('Soudure et métallerie');
    expect(page).not.toContain('Soudure cassée');

    const since = (await status()).lastSuccessAt;
    const { blog } = await apiClient(product.url, token).post<{ blog: { slug: string } }>('/blog', {
      title: 'Portes ouvertes du samedi',
      description: '<p>Venez visiter les ateliers.</p>',
      status: 'published',
    });
    await until(async () => {
      const now = await status();
      return (
        now.state === 'idle' && now.lastSuccessAt !== since && (await fetch(`${product.url}/blog/${blog.slug}`)).status === 200
      );
    });
    expect(await pageText('/formation/soudure')).toContain('Soudure et métallerie');
    expect((await status()).notLive).toEqual({ posts: null, content: held.notLive.content });

    writeFileSync(soudure, original);
    await until(
      async () => !(await status()).contentHeldBack && !(await pageText('/formation/soudure')).includes('Soudure et métallerie'),
    );
    await until(async () => (await status()).notLive.content === null);
  });
});
