import { request } from 'node:http';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from './helper.ts';

const mediaPolicy = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** A GET over real HTTP, the path sent as written (inject would resolve its dot segments first). */
function getRaw(port: number, path: string): Promise<{ status: number; cacheControl: string | undefined }> {
  return new Promise((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, cacheControl: response.headers['cache-control'] });
    });
    call.once('error', reject);
    call.end();
  });
}

describe('local images at /media/', () => {
  it('answers 404, never 500, to keys that are absolute or leave the storage directory', async () => {
    const app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    for (const url of [
      '/media/%2fetc%2fpasswd',
      '/media/..%2f..%2fcentre.sqlite',
      '/media/blogImages/%2e%2e/%2e%2e/centre.sqlite',
      '/media/blogImages/..%5c..%5ccentre.sqlite',
      '/media/blogImages/%00.png',
    ]) {
      expect(await getRaw(port, url), url).toEqual({ status: 404, cacheControl: 'no-store' });
    }
  });

  it('serves a stored image with the long cache, nosniff and a policy that runs nothing; a miss is not cached', async () => {
    const app = await buildTestApp();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0d5c3a' } })
      .png()
      .toBuffer();
    await app.storage.put('blogImages/pixel.png', png, 'image/png');

    const found = await app.inject({ method: 'GET', url: '/media/blogImages/pixel.png' });
    expect(found.statusCode).toBe(200);
    expect(found.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': mediaPolicy,
      'content-type': 'image/png',
    });
    const head = await app.inject({ method: 'HEAD', url: '/media/blogImages/pixel.png' });
    expect(head.statusCode).toBe(200);

    const missing = await app.inject({ method: 'GET', url: '/media/blogImages/missing.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('answers 405 to any method other than GET and HEAD', async () => {
    const app = await buildTestApp();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/media/blogImages/pixel.png' });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });
});

describe('one rule for which part of the product a URL belongs to', () => {
  it('gives //api/... the API headers, as the router sends it to the API', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const response = await app.inject({
      method: 'GET',
      url: '//api/subscriber/export.csv',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'; frame-ancestors 'none'/);
  });
});
