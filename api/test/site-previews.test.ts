import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SitePreviews } from '../src/site/site-previews.ts';
import { temporaryDirectory } from './helper.ts';
import { testSiteBuilder } from './support/site-builder.ts';
import { waitUntil } from './support/waiting.ts';

/**
 * A stand-in for Astro's CLI, resolved from the site source as the real one is: it notes when it
 * starts (or overlaps another) and ends, and writes an index.html holding the title of content/centre.yaml.
 */
function standInSite(log: string): string {
  const source = temporaryDirectory();
  writeFileSync(path.join(source, 'package.json'), '{"name":"site","type":"module"}');
  mkdirSync(path.join(source, 'node_modules', 'astro', 'bin'), { recursive: true });
  writeFileSync(path.join(source, 'node_modules', 'astro', 'package.json'), '{"name":"astro","type":"module"}');
  writeFileSync(
    path.join(source, 'node_modules', 'astro', 'bin', 'astro.mjs'),
    `import { createHash } from 'node:crypto';
     import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
     const lock = ${JSON.stringify(`${log}.lock`)};
     appendFileSync(${JSON.stringify(log)}, (existsSync(lock) ? 'overlap ' : 'start ') + process.env.SITE_OUT_DIR + '\\n');
     writeFileSync(lock, '');
     // Some work, as a build does: a build started meanwhile would find the lock.
     createHash('sha256').update(Buffer.alloc(64 * 1024 * 1024)).digest();
     mkdirSync(process.env.SITE_OUT_DIR, { recursive: true });
     writeFileSync(process.env.SITE_OUT_DIR + '/index.html', readFileSync(process.env.SITE_CONTENT_DIR + '/centre.yaml', 'utf8'));
     rmSync(lock);
     appendFileSync(${JSON.stringify(log)}, 'end\\n');`,
  );
  return source;
}

function previewsOf(options: { lifetimeMs?: number; kept?: number } = {}) {
  const log = path.join(temporaryDirectory(), 'builds.log');
  const contentDir = temporaryDirectory();
  writeFileSync(path.join(contentDir, 'centre.yaml'), 'name: Centre as saved\n');
  const outputRoot = temporaryDirectory();
  // The stand-in content is one file, which the real check would refuse: nothing to check here.
  const contentChecker = { check: async () => ({ problems: [], blocking: false, strict: false }) as never };
  const builder = testSiteBuilder({ siteSourceDir: standInSite(log), outputRoot, contentDir, contentChecker });
  const previews = new SitePreviews({ builder, outputRoot, ...options });
  return { previews, builder, contentDir, log };
}

const shownPage = (folder: string | undefined) => readFileSync(path.join(folder ?? '', 'index.html'), 'utf8');

describe('site previews', () => {
  it('build the site from the content with the form’s files written over it, the content folder itself untouched', async () => {
    const { previews, contentDir } = previewsOf();
    const preview = await previews.render([{ file: 'centre.yaml', text: 'name: Centre as typed\n' }]);
    expect(preview.id).toMatch(/^[\w-]{24}$/);
    expect(shownPage(previews.folder(preview.id))).toBe('name: Centre as typed\n');
    expect(readFileSync(path.join(contentDir, 'centre.yaml'), 'utf8')).toBe('name: Centre as saved\n');

    const unchanged = await previews.render([]);
    expect(shownPage(previews.folder(unchanged.id))).toBe('name: Centre as saved\n');
    expect(shownPage(previews.folder(preview.id))).toBe('name: Centre as typed\n');
  });

  it('refuse a file outside the content', async () => {
    const { previews } = previewsOf();
    await expect(previews.render([{ file: '../outside.yaml', text: 'x' }])).rejects.toThrow('is not a file of the content');
  });

  it('never build while the site builds for visitors: one build at a time', async () => {
    const { previews, builder, log } = previewsOf();
    builder.changed('content', 'a save', 0);
    await Promise.all([
      previews.render([{ file: 'centre.yaml', text: 'name: One\n' }]),
      previews.render([{ file: 'centre.yaml', text: 'name: Two\n' }]),
    ]);
    await builder.whenIdle();
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
    expect(readFileSync(path.join(builder.currentDir, 'index.html'), 'utf8')).toBe('name: Centre as saved\n');
  });

  it('answer as gone once expired or once newer ones take their place, and free their folders', async () => {
    const kept = previewsOf({ kept: 1 });
    const first = await kept.previews.render([]);
    const folder = kept.previews.folder(first.id);
    await kept.previews.render([]);
    expect(kept.previews.folder(first.id)).toBeUndefined();
    expect(existsSync(folder ?? '')).toBe(false);

    const brief = previewsOf({ lifetimeMs: 1 });
    const expired = await brief.previews.render([]);
    await waitUntil(() => brief.previews.folder(expired.id) === undefined, 'the preview to expire');
  });
});
