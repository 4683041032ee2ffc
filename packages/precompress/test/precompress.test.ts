import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../src/index.ts';

let directory: string;

afterEach(() => rm(directory, { recursive: true, force: true }));

const page = `<!doctype html><html lang="fr"><body>${'<p>Apprenez un métier à Nkoabang.</p>'.repeat(200)}</body></html>`;

describe('precompressDirectory', () => {
  it('writes a brotli and a gzip copy beside every text file, nested ones too, that decode to the original', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'cfp-precompress-'));
    await mkdir(path.join(directory, '_astro'));
    await writeFile(path.join(directory, 'index.html'), page);
    await writeFile(path.join(directory, '_astro', 'site.css'), `.hero{color:#fff}\n`.repeat(100));

    const summary = await precompressDirectory(directory);

    expect(summary.files).toBe(2);
    const html = await readFile(path.join(directory, 'index.html.br'));
    expect(brotliDecompressSync(html).toString()).toBe(page);
    expect(gunzipSync(await readFile(path.join(directory, 'index.html.gz'))).toString()).toBe(page);
    expect(html.length).toBeLessThan(page.length / 10);
    expect(await readdir(path.join(directory, '_astro'))).toEqual(['site.css', 'site.css.br', 'site.css.gz']);
    expect(summary.brotliBytes).toBeLessThan(summary.gzipBytes);
  });

  it('leaves images and files too small to gain anything as they are', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'cfp-precompress-'));
    await writeFile(path.join(directory, 'photo.webp'), Buffer.alloc(4096, 1));
    await writeFile(path.join(directory, 'robots.txt'), 'User-agent: *\nAllow: /\n');

    const summary = await precompressDirectory(directory);

    expect(summary.files).toBe(0);
    expect((await readdir(directory)).sort()).toEqual(['photo.webp', 'robots.txt']);
  });

  it('keeps the previous build’s copies of a file whose bytes did not change, and compresses the changed ones', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'cfp-precompress-'));
    const previous = path.join(directory, 'previous');
    const next = path.join(directory, 'next');
    await Promise.all([mkdir(previous), mkdir(next)]);
    const changed = page.replace('métier', 'nouveau métier');
    await Promise.all([
      writeFile(path.join(previous, 'faq.html'), page),
      writeFile(path.join(previous, 'blog.html'), page),
      writeFile(path.join(next, 'faq.html'), page),
      writeFile(path.join(next, 'blog.html'), changed),
    ]);
    await precompressDirectory(previous);
    // Marked copies: if the next build shows them, they were taken, not made again.
    await writeFile(path.join(previous, 'faq.html.br'), 'kept brotli');
    await writeFile(path.join(previous, 'faq.html.gz'), 'kept gzip');

    const summary = await precompressDirectory(next, { previous });

    expect(summary).toMatchObject({ files: 2, reused: 1 });
    expect(await readFile(path.join(next, 'faq.html.br'), 'utf8')).toBe('kept brotli');
    expect(await readFile(path.join(next, 'faq.html.gz'), 'utf8')).toBe('kept gzip');
    expect(brotliDecompressSync(await readFile(path.join(next, 'blog.html.br'))).toString()).toBe(changed);
  });

  it('compresses at brotli’s strongest quality unless a lower one is asked for', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'cfp-precompress-'));
    const [strongest, faster] = [path.join(directory, 'strongest'), path.join(directory, 'faster')];
    await Promise.all([mkdir(strongest), mkdir(faster)]);
    await Promise.all([writeFile(path.join(strongest, 'index.html'), page), writeFile(path.join(faster, 'index.html'), page)]);

    await precompressDirectory(strongest);
    await precompressDirectory(faster, { brotliQuality: 1 });

    const atQuality = (quality: number) =>
      brotliCompressSync(page, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page) },
      });
    expect(await readFile(path.join(strongest, 'index.html.br'))).toEqual(atQuality(11));
    expect(await readFile(path.join(faster, 'index.html.br'))).toEqual(atQuality(1));
    expect(atQuality(1)).not.toEqual(atQuality(11));
  });
});
