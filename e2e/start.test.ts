import { createHash } from 'node:crypto';
import { type RunningProduct, startProduct, untilSiteBuilt } from '@cfp/test-support/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from './support/http.ts';

describe('a fresh start of the product (pnpm start)', () => {
  let product: RunningProduct;

  beforeAll(async () => {
    product = await startProduct({ SITE_REBUILD_DEBOUNCE_MS: '0' });
    await untilSiteBuilt(product);
  });

  afterAll(() => product?.stop());

  it('creates the first superAdmin with a generated password printed once, last, which signs in', async () => {
    const output = product.output();
    const match = output.match(/Sign in at\s+(\S+)[\s|]+email:\s+(\S+)[\s|]+password:\s+(\S+)/);
    expect(match).not.toBeNull();
    const [, signInAt, email, password] = match as RegExpMatchArray;
    expect(signInAt).toBe(`${product.url}/admin/login`);
    // Below the launch checklist, so that it does not scroll away.
    expect(output.indexOf('launch checklist')).toBeLessThan(output.indexOf('Sign in at'));
    const response = await fetch(`${product.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ role: 'superAdmin' });
  });

  it('reports the database and the storage as healthy', async () => {
    const response = await fetch(`${product.url}/api/health`);
    expect(await response.json()).toMatchObject({ status: 'ok', database: { ok: true }, storage: { ok: true } });
  });

  it('serves the built French home page at /', async () => {
    const response = await fetch(`${product.url}/`);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<html lang="fr"/);
    expect(html).toMatch(/href="\/formations"/);
  });

  it('serves every kind of public page at its canonical URL, without .html and without trailing slash', async () => {
    for (const [page, text] of [
      ['/blog', 'Blog'],
      ['/contact', 'Contactez-nous'],
      ['/formations', 'Soudure'],
      ['/faq', 'FAQ'],
      ['/about', 'propos'],
      ['/departement/industriel-technique', 'Industriel et technique'],
      ['/formation/maintenance-informatique', 'Maintenance informatique'],
      ['/contact/merci', 'Merci'],
    ] as const) {
      const response = await fetch(`${product.url}${page}`);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toContain(text);
    }
    expect((await fetch(`${product.url}/..%2f..%2fetc/passwd`)).status).toBe(404);
  });

  it('moves the previous site’s addresses, capitals and trailing slashes to the canonical URL with a 301', async () => {
    const location = async (url: string) => {
      const response = await fetch(`${product.url}${url}`, { redirect: 'manual' });
      return `${response.status} ${response.headers.get('location')}`;
    };
    expect(await location('/formation/MarketingDigitalCommunication')).toBe('301 /formation/marketing-digital-communication');
    expect(await location('/Formation')).toBe('301 /formations');
    expect(await location('/about/')).toBe('301 /about');
    expect(await location('/Contact?programme=soudure')).toBe('301 /contact?programme=soudure');
    expect(await location('/Formation/Soudure/')).toBe('301 /formation/soudure');
    // Only to a page of this site: never `//host`, which a browser would take for another site.
    expect(await location('//about/')).toBe('301 /about');
    expect((await fetch(`${product.url}/nowhere/`, { redirect: 'manual' })).status).toBe(404);
  });

  it('serves the admin app for /admin/login and its hashed assets with a long cache', async () => {
    const page = await fetch(`${product.url}/admin/login`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = html.match(/src="(\/admin\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${product.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the brotli or gzip copies written by the builds to browsers that accept them, and plain files to the rest', async () => {
    const home = await fetch(`${product.url}/`);
    // The pages carry their styles inline: the site's hashed asset here is the layout's script.
    const siteScript = (await home.text()).match(/src="(\/_astro\/[^"]+\.js)"/)?.[1];
    const adminPage = await (await fetch(`${product.url}/admin/login`)).text();
    const adminScript = adminPage.match(/src="(\/admin\/assets\/[^"]+\.js)"/)?.[1];
    for (const url of ['/', '/formation/soudure', siteScript, adminScript]) {
      const brotli = await rawGet(`${product.url}${url}`, 'gzip, deflate, br');
      expect(brotli.headers['content-encoding'], url).toBe('br');
      expect(brotli.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotli.body.length, url).toBeLessThan(brotli.decoded().length / 2);
      const gzip = await rawGet(`${product.url}${url}`, 'gzip');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gzip.decoded(), url).toBe(brotli.decoded());
      const plain = await rawGet(`${product.url}${url}`, 'identity');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body.toString('utf8'), url).toBe(brotli.decoded());
    }
    const page = await rawGet(`${product.url}/formation/soudure`, 'br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown page with the French not-found page and status 404', async () => {
    const response = await fetch(`${product.url}/cette-page-n-existe-pas`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page introuvable');
  });

  it('sends the security headers on every kind of response', async () => {
    const home = await fetch(`${product.url}/`);
    const admin = await fetch(`${product.url}/admin/login`);
    const api = await fetch(`${product.url}/api/health`);
    const missing = await fetch(`${product.url}/nope`);
    const apiMissing = await fetch(`${product.url}/api/nope`);
    for (const response of [home, admin, api, missing, apiMissing]) {
      // Plain HTTP: HSTS is sent over HTTPS only.
      expect(response.headers.get('strict-transport-security')).toBeNull();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).not.toMatch(/https?:\/\//);
    }
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const meta = (await home.text()).match(/<meta http-equiv="content-security-policy" content="([^"]+)"/)?.[1] ?? '';
    expect(meta).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')*;/);
    expect(meta).toContain("default-src 'self'");
    expect(admin.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('gives //api/... the API headers, and a missing /media/ image an uncached 404 with the media policy', async () => {
    const api = await rawGet(`${product.url}//api/health`, 'identity');
    expect(api.status).toBe(200);
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
    const media = await rawGet(`${product.url}/media/blogImages/missing.png`, 'identity');
    expect(media.status).toBe(404);
    expect(media.headers['cache-control']).toBe('no-store');
    expect(media.headers['content-security-policy']).toContain('sandbox');
  });

  it('ships no inline script that its page policy does not hash', async () => {
    for (const page of ['/', '/faq', '/contact', '/formations']) {
      const html = await (await fetch(`${product.url}${page}`)).text();
      const meta = html.match(/<meta http-equiv="content-security-policy" content="([^"]+)"/)?.[1] ?? '';
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].filter(
        ([tag]) => !/type="application\/(ld\+)?json"/.test(tag),
      );
      for (const [, body] of inline) {
        const hash = createHash('sha256')
          .update(body ?? '')
          .digest('base64');
        expect(meta, `${page}: inline script not hashed`).toContain(`'sha256-${hash}'`);
      }
    }
  });
});
