import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pendingCopiesName } from '@cfp/precompress';
import { startLoopbackS3 } from '@cfp/test-support/loopback-s3';
import { describe, expect, it } from 'vitest';
import { publishToDir } from '../src/site/publish-to-dir.ts';
import { publishToS3, siteObjects } from '../src/site/publish-to-s3.ts';
import { createS3Client } from '../src/storage/s3-storage.ts';
import { temporaryDirectory } from './helper.ts';

/** A built site in miniature: pages, a hashed asset, the host files, precompressed copies and the list of quick ones. */
function builtSite(pages: Record<string, string>): string {
  const dir = temporaryDirectory();
  const files: Record<string, string> = {
    'index.html': '<h1>Accueil</h1>',
    '404.html': '<h1>Page introuvable</h1>',
    '_astro/site.abc123.js': 'console.log(1)',
    _redirects: '/FAQ /faq 301\n',
    ...pages,
  };
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
  writeFileSync(path.join(dir, 'index.html.br'), 'compressed');
  writeFileSync(path.join(dir, pendingCopiesName), 'index.html\n');
  return dir;
}

async function bucketContents(client: ReturnType<typeof createS3Client>, bucket: string) {
  const objects: Record<string, { type: string; cache: string; body: string }> = {};
  for await (const item of client.listObjectsV2(bucket, '', true)) {
    const name = item.name as string;
    const info = await client.statObject(bucket, name);
    const chunks: Buffer[] = [];
    for await (const chunk of await client.getObject(bucket, name)) chunks.push(chunk as Buffer);
    objects[name] = {
      type: String(info.metaData['content-type']),
      cache: String(info.metaData['cache-control']),
      body: Buffer.concat(chunks).toString(),
    };
  }
  return objects;
}

describe('publishing the built site', () => {
  it('to a directory: the published path is replaced by the new build at once, and a real directory there is refused', async () => {
    const publishDir = path.join(temporaryDirectory(), 'www');
    const first = builtSite({ 'faq.html': 'v1' });
    await publishToDir(first, publishDir);
    expect(readFileSync(path.join(publishDir, 'faq.html'), 'utf8')).toBe('v1');

    const second = builtSite({ 'faq.html': 'v2' });
    await publishToDir(second, publishDir);
    expect(realpathSync(publishDir)).toBe(realpathSync(second));
    expect(readFileSync(path.join(publishDir, 'faq.html'), 'utf8')).toBe('v2');

    const occupied = temporaryDirectory();
    await expect(publishToDir(second, occupied)).rejects.toThrow(/is a directory; it must be a link the publisher replaces/);
  });

  it('to a bucket: pages under their clean URLs and as .html, typed and cached, no compressed copies nor their list; then only what changed, and what left is deleted', async () => {
    const s3 = await startLoopbackS3('site');
    const client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'S3RVER' });

    const first = await publishToS3(
      client,
      'site',
      'www/',
      builtSite({ 'faq.html': '<p>v1</p>', 'blog/ancien.html': '<p>ancien</p>' }),
    );
    expect(first).toEqual({ uploaded: 8, unchanged: 0, deleted: 0 });
    const contents = await bucketContents(client, 'site');
    expect(Object.keys(contents).sort()).toEqual([
      'www/.published-keys.json',
      'www/404.html',
      'www/_astro/site.abc123.js',
      'www/_redirects',
      'www/blog/ancien',
      'www/blog/ancien.html',
      'www/faq',
      'www/faq.html',
      'www/index.html',
    ]);
    expect(contents['www/faq']).toEqual({ type: 'text/html; charset=utf-8', cache: 'no-cache', body: '<p>v1</p>' });
    expect(contents['www/_astro/site.abc123.js']).toMatchObject({
      type: 'text/javascript; charset=utf-8',
      cache: 'public, max-age=31536000, immutable',
    });
    expect(contents['www/_redirects']?.type).toBe('text/plain; charset=utf-8');

    const second = await publishToS3(client, 'site', 'www/', builtSite({ 'faq.html': '<p>v2</p>' }));
    expect(second).toEqual({ uploaded: 2, unchanged: 4, deleted: 2 });
    const after = await bucketContents(client, 'site');
    expect(after['www/faq']?.body).toBe('<p>v2</p>');
    expect(after['www/blog/ancien']).toBeUndefined();
  });

  it('to a bucket: deletes only what its previous publish wrote, never an uploaded image nor what was there before', async () => {
    const s3 = await startLoopbackS3('media');
    const client = createS3Client({ endpoint: s3.endpoint, region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'S3RVER' });
    await client.putObject('media', 'blogImages/photo.jpg', Buffer.from('jpeg'));
    await client.putObject('media', 'notes.html', Buffer.from('<p>not the site</p>'));

    const first = await publishToS3(client, 'media', '', builtSite({ 'faq.html': '<p>FAQ</p>' }));
    expect(first.deleted).toBe(0);
    const second = await publishToS3(client, 'media', '', builtSite({}));

    expect(second.deleted).toBe(2);
    const keys = Object.keys(await bucketContents(client, 'media'));
    expect(keys).toEqual(expect.arrayContaining(['blogImages/photo.jpg', 'notes.html', 'index.html']));
    expect(keys).not.toContain('faq');
    expect(keys).not.toContain('faq.html');
  });

  it('puts the pages last, after every file they may link to', async () => {
    const objects = await siteObjects(builtSite({ 'faq.html': 'x' }), '');
    const order = [...objects.filter((object) => !object.page), ...objects.filter((object) => object.page)].map(
      (object) => object.key,
    );
    expect(order.indexOf('_astro/site.abc123.js')).toBeLessThan(order.indexOf('faq'));
  });

  it('refuses a file of a kind it cannot type rather than serve it wrongly', async () => {
    await expect(siteObjects(builtSite({ 'notes.docx': 'x' }), '')).rejects.toThrow(
      /notes\.docx, of a type the S3 publisher does not know/,
    );
  });
});
