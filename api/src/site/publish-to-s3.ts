import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pendingCopiesName } from '@cfp/precompress';
import { cachePolicies } from '@cfp/shared';
import type { Client } from 'minio';

/** Every kind of file the site's build writes; a file of another kind stops the publish (see siteFileType). */
const contentTypes: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
};

/** The site's extension-less files (`_redirects`, `_headers`) are text for the host that reads them. */
function siteFileType(file: string): string {
  const extension = path.extname(file).slice(1).toLowerCase();
  if (!extension) return contentTypes.txt as string;
  const type = contentTypes[extension];
  if (!type) throw new Error(`The site build wrote ${file}, of a type the S3 publisher does not know`);
  return type;
}

interface SiteObject {
  key: string;
  file: string;
  contentType: string;
  cacheControl: string;
  page: boolean;
}

/**
 * The objects a built site becomes. A page `blog.html` is also stored as `blog`, the URL the
 * site links to, so that a bucket behind a CDN answers clean URLs without rewriting rules.
 * The .br and .gz copies stay home, with their list of quick ones: CDNs compress what they serve.
 */
export async function siteObjects(buildDir: string, prefix: string): Promise<SiteObject[]> {
  const files = (await readdir(buildDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name) && entry.name !== pendingCopiesName)
    .map((entry) => path.relative(buildDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  return files.flatMap((file) => {
    const page = file.endsWith('.html');
    const object = {
      file,
      contentType: siteFileType(file),
      cacheControl: file.startsWith('_astro/') ? cachePolicies.immutable : cachePolicies.revalidate,
      page,
    };
    const keys = page && file !== 'index.html' && file !== '404.html' ? [file, file.slice(0, -'.html'.length)] : [file];
    return keys.map((key) => ({ ...object, key: `${prefix}${key}` }));
  });
}

const md5 = (body: Buffer) => createHash('md5').update(body).digest('hex');

interface S3PublishSummary {
  uploaded: number;
  unchanged: number;
  deleted: number;
}

/** Stored with the site: the keys its last publish wrote, the only ones a publish may delete. */
const manifestName = '.published-keys.json';

/** The keys the previous publish wrote; none before the first publish with a manifest (it deletes nothing). */
async function previouslyPublished(client: Client, bucket: string, manifestKey: string): Promise<string[]> {
  const stream = await client.getObject(bucket, manifestKey).catch((error: { code?: string }) => {
    if (error.code === 'NoSuchKey') return undefined;
    throw error;
  });
  if (!stream) return [];
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const keys: unknown = JSON.parse(Buffer.concat(chunks).toString());
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
}

/**
 * Publishes a built site to a bucket (behind a CDN): new and changed files first and pages
 * last, so that no page ever links to a file not yet there; then what the previous publish
 * wrote and this build no longer has is deleted. Nothing else in the bucket is ever deleted
 * (it may hold the uploaded images). Unchanged files (same MD5 as the object's ETag) are not
 * sent again.
 */
export async function publishToS3(client: Client, bucket: string, prefix: string, buildDir: string): Promise<S3PublishSummary> {
  const manifestKey = `${prefix}${manifestName}`;
  const existing = new Map<string, string>();
  for await (const item of client.listObjectsV2(bucket, prefix, true)) {
    if (item.name) existing.set(item.name, String(item.etag ?? '').replace(/"/g, ''));
  }
  const previous = await previouslyPublished(client, bucket, manifestKey);
  const objects = await siteObjects(buildDir, prefix);
  const ordered = [...objects.filter((object) => !object.page), ...objects.filter((object) => object.page)];
  let uploaded = 0;
  for (const object of ordered) {
    const body = await readFile(path.join(buildDir, object.file));
    if (existing.get(object.key) === md5(body)) continue;
    await client.putObject(bucket, object.key, body, body.length, {
      'Content-Type': object.contentType,
      'Cache-Control': object.cacheControl,
    });
    uploaded += 1;
  }
  const published = objects.map((object) => object.key);
  const kept = new Set(published);
  const stale = previous.filter((key) => !kept.has(key) && key.startsWith(prefix) && existing.has(key));
  if (stale.length > 0) await client.removeObjects(bucket, stale);
  const manifest = Buffer.from(JSON.stringify(published));
  await client.putObject(bucket, manifestKey, manifest, manifest.length, {
    'Content-Type': 'application/json',
    'Cache-Control': cachePolicies.revalidate,
  });
  return { uploaded, unchanged: objects.length - uploaded, deleted: stale.length };
}
