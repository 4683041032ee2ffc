import { crc32, deflateSync } from 'node:zlib';
import { startLoopbackS3 } from '@cfp/test-support/loopback-s3';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import type { Storage } from '../src/storage/storage.ts';
import { buildTestApp, loginAs, temporaryDirectory } from './helper.ts';

function multipart(field: string, fileName: string, contentType: string, body: Buffer) {
  const boundary = `----cfp${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 13, g: 92, b: 58 } } })
    [format]()
    .toBuffer();

/**
 * A PNG of `width` × `height` black pixels of one bit each, written by hand: a few kilobytes in a
 * few milliseconds, where sharp spent most of a CPU-second encoding 48 megapixels.
 */
function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(typeAndData.length + 8);
    framed.writeUInt32BE(data.length, 0);
    typeAndData.copy(framed, 4);
    framed.writeUInt32BE(crc32(typeAndData), framed.length - 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), and compression, filter and interlace 0, as allocated
  // Each row: filter type 0, then a bit per pixel.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function upload(app: FastifyInstance, token: string, fileName: string, contentType: string, body: Buffer) {
  const { payload, headers } = multipart('image', fileName, contentType, body);
  return app.inject({ method: 'POST', url: '/api/images', headers: { ...headers, authorization: `Bearer ${token}` }, payload });
}

describe('POST /api/images (local storage)', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)(
    'accepts a %s image, re-encodes it and serves it with WebP variants',
    async (format) => {
      const app = await buildTestApp({ env: { SITE_SERVE: 'false' } });
      const token = await loginAs(app);
      const response = await upload(
        app,
        token,
        `Photo de la Rentrée.${format}`,
        `image/${format}`,
        await photo(1000, 200, format),
      );
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.message).toBe('Image uploaded');
      expect(body.key).toMatch(
        new RegExp(`^blogImages/[0-9a-f-]{36}_Photo-de-la-Rentree\\.${format === 'jpeg' ? 'jpg' : format}$`),
      );
      expect(body).toMatchObject({ width: 1000, height: 200 });
      expect(body.variants.map((variant: { width: number }) => variant.width)).toEqual([480, 960]);

      const served = await app.inject({ method: 'GET', url: new URL(body.url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(format === 'jpeg' ? 'image/jpeg' : `image/${format}`);
      const variant = await app.inject({ method: 'GET', url: new URL(body.variants[0].url).pathname });
      expect((await sharp(variant.rawPayload).metadata()).format).toBe('webp');
    },
  );

  it('strips metadata by re-encoding', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const withExif = await sharp(await photo(300, 200, 'jpeg'))
      .withExif({ IFD0: { Copyright: 'secret location data' } })
      .jpeg()
      .toBuffer();
    const body = (await upload(app, token, 'exif.jpg', 'image/jpeg', withExif)).json();
    const stored = await app.inject({ method: 'GET', url: new URL(body.url).pathname });
    expect(stored.rawPayload.includes(Buffer.from('secret location data'))).toBe(false);
  });

  it('refuses SVG, a text file renamed .png, and a truncated image, whatever their declared type', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const svg = await upload(
      app,
      token,
      'logo.svg',
      'image/svg+xml',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toMatch(/Only JPEG, PNG, WebP, AVIF and GIF/);
    const renamed = await upload(app, token, 'photo.png', 'image/png', Buffer.from('just some text pretending to be an image'));
    expect(renamed.statusCode).toBe(415);
    const truncated = await upload(app, token, 'cut.png', 'image/png', (await photo(400, 400, 'png')).subarray(0, 60));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toMatch(/damaged/);
  });

  it('refuses a file over the size limit and an image over the pixel limit', async () => {
    const app = await buildTestApp({ env: { UPLOAD_MAX_BYTES: String(200 * 1024) } });
    const token = await loginAs(app);
    const noisy = await sharp(
      Buffer.alloc(600 * 600 * 3).map(() => Math.floor(Math.random() * 256)),
      {
        raw: { width: 600, height: 600, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(200 * 1024);
    const big = await upload(app, token, 'big.png', 'image/png', noisy);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/too large/);

    const huge = blackPng(8000, 6000);
    expect(await sharp(huge).metadata()).toMatchObject({ format: 'png', width: 8000, height: 6000 });
    const tooManyPixels = await upload(app, token, 'huge.png', 'image/png', huge);
    expect(tooManyPixels.statusCode).toBe(413);
    expect(tooManyPixels.json().message).toMatch(/megapixels/);
  });

  it('answers 415 to a request that is not multipart and 400 without the image field', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const json = await app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { authorization: `Bearer ${token}` },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const { payload, headers } = multipart('other', 'a.png', 'image/png', await photo(10, 10, 'png'));
    const wrongField = await app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    });
    expect(wrongField.statusCode).toBe(400);
  });

  it('keeps 30 concurrent uploads of the same file name apart: every answered URL serves its own image', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const red = (index: number) => 8 * index;
    const images = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        sharp({ create: { width: 600, height: 300, channels: 3, background: { r: red(index), g: 0, b: 0 } } })
          .png()
          .toBuffer(),
      ),
    );
    const responses = await Promise.all(images.map((image) => upload(app, token, 'cover.png', 'image/png', image)));
    const created = responses.filter((response) => response.statusCode === 201);
    expect(responses.filter((response) => response.statusCode !== 201).map((response) => response.statusCode)).toEqual([]);
    for (const [index, response] of responses.entries()) {
      const { url, variants } = response.json<{ url: string; variants: Array<{ url: string }> }>();
      for (const served of [url, ...variants.map((variant) => variant.url)]) {
        const answer = await app.inject({ method: 'GET', url: new URL(served).pathname });
        expect(answer.statusCode, served).toBe(200);
        const pixel = await sharp(answer.rawPayload).raw().toBuffer();
        expect(Math.abs((pixel[0] ?? -1) - red(index)), served).toBeLessThanOrEqual(3);
      }
    }
    expect(new Set(created.map((response) => response.json().key)).size).toBe(30);
  });

  it('answers 503 when the storage is down and leaves nothing half-saved', async () => {
    const directory = temporaryDirectory();
    const real = createLocalStorage(directory, 'http://127.0.0.1/media');
    const written: string[] = [];
    const removed: string[] = [];
    let puts = 0;
    const flaky: Storage = {
      ...real,
      async put(key, body, type) {
        puts += 1;
        if (puts === 2) throw new Error('connect ECONNREFUSED');
        written.push(key);
        await real.put(key, body, type);
      },
      async remove(key) {
        removed.push(key);
        await real.remove(key);
      },
    };
    const app = await buildTestApp({ storage: flaky });
    const token = await loginAs(app);
    const response = await upload(app, token, 'cover.jpg', 'image/jpeg', await photo(1200, 800, 'jpeg'));
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/storage is unavailable/);
    expect(written).toHaveLength(1);
    expect(removed).toEqual(expect.arrayContaining(written));
    expect(await real.get(written[0] as string)).toBeUndefined();
  });
});

describe('S3 storage driver against a loopback S3 server', () => {
  it('uploads the image and its variants to the bucket, reads them back, and reports health', async () => {
    const s3 = await startLoopbackS3();
    const app = await buildTestApp({ env: s3.env });
    const token = await loginAs(app);
    const response = await upload(app, token, 'atelier.png', 'image/png', await photo(1000, 600, 'png'));
    expect(response.statusCode).toBe(201);
    const { url, key, variants } = response.json();
    expect(url).toBe(`${s3.env.S3_PUBLIC_URL}/${key}`);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect((await sharp(Buffer.from(await fetched.arrayBuffer())).metadata()).width).toBe(1000);
    expect(await app.storage.get(key)).toMatchObject({ contentType: 'image/png' });
    expect(variants).toHaveLength(2);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().storage).toEqual({ ok: true });
  });

  it('keeps serving reads while the S3 server is down, answers 503 on upload, and recovers without a restart', async () => {
    const s3 = await startLoopbackS3();
    const app = await buildTestApp({ env: s3.env });
    const token = await loginAs(app);
    await app.inject({
      method: 'POST',
      url: '/api/blog',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Portes ouvertes', description: '<p>Samedi</p>' },
    });
    await s3.close();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().storage.ok).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/blog' })).json()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/blog/published' })).statusCode).toBe(200);
    const refused = await upload(app, token, 'atelier.png', 'image/png', await photo(300, 200, 'png'));
    expect(refused.statusCode).toBe(503);

    await startLoopbackS3('centre-formation', { port: s3.port, directory: s3.directory });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const accepted = await upload(app, token, 'atelier.png', 'image/png', await photo(300, 200, 'png'));
    expect(accepted.statusCode).toBe(201);
  });

  it('answers 507 with a clear message when the disk is full, and keeps nothing', async () => {
    const real = createLocalStorage(temporaryDirectory(), 'http://127.0.0.1/media');
    const full: Storage = {
      ...real,
      put: () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
    };
    const app = await buildTestApp({ storage: full });
    const token = await loginAs(app);
    const response = await upload(app, token, 'cover.jpg', 'image/jpeg', await photo(800, 600, 'jpeg'));
    expect(response.statusCode).toBe(507);
    expect(response.json().message).toMatch(/out of storage space/);
    const keys: string[] = [];
    for await (const key of real.list('blogImages')) keys.push(key);
    expect(keys).toEqual([]);
  });
});
