import { execFile } from 'node:child_process';
import { link, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { pendingCopiesName, precompressDirectory, precompressFiles, quickBrotliQuality, strengthenCopies } from '../src/index.ts';

let directory: string;

afterEach(() => rm(directory, { recursive: true, force: true }));

const page = (words: string) => `<!doctype html><html lang="fr"><body>${`<p>${words} à Nkoabang.</p>`.repeat(300)}</body></html>`;
const atQuality = (text: string, quality: number) =>
  brotliCompressSync(text, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) },
  });
const pendingList = async (dir: string) =>
  (await readFile(path.join(dir, pendingCopiesName), 'utf8')).split('\n').filter(Boolean);

/** A live build of two pages, the second also as its folder's index (a hard link, with its copies), and the next build's folder. */
async function liveAndNext() {
  directory = await mkdtemp(path.join(tmpdir(), 'cfp-pending-'));
  const [live, next] = [path.join(directory, 'live'), path.join(directory, 'next')];
  await Promise.all([mkdir(live), mkdir(next)]);
  await Promise.all([
    writeFile(path.join(live, 'faq.html'), page('La FAQ')),
    writeFile(path.join(live, 'blog.html'), page('Le blog')),
  ]);
  await precompressDirectory(live);
  return { live, next };
}

describe('a publish’s quick brotli copies', () => {
  it('are written for the changed files only when a previous build is live, listed, and made final in place, every hard link too', async () => {
    const { live, next } = await liveAndNext();
    const changed = page('Le blog, nouvelle version');
    await Promise.all([writeFile(path.join(next, 'faq.html'), page('La FAQ')), writeFile(path.join(next, 'blog.html'), changed)]);

    const summary = await precompressDirectory(next, { previous: live, quick: true });

    expect(summary).toMatchObject({ files: 2, reused: 1, pending: 1 });
    expect(await readFile(path.join(next, 'blog.html.br'))).toEqual(atQuality(changed, quickBrotliQuality));
    expect(await pendingList(next)).toEqual(['blog.html']);
    await mkdir(path.join(next, 'blog'));
    await link(path.join(next, 'blog.html.br'), path.join(next, 'blog', 'index.html.br'));

    expect(await strengthenCopies(next)).toEqual({ strengthened: 1, left: 0 });

    for (const copy of ['blog.html.br', 'blog/index.html.br']) {
      expect(await readFile(path.join(next, copy)), copy).toEqual(atQuality(changed, 11));
    }
    expect((await readdir(next)).sort()).toEqual([
      'blog',
      'blog.html',
      'blog.html.br',
      'blog.html.gz',
      'faq.html',
      'faq.html.br',
      'faq.html.gz',
    ]);
  });

  it('are written for the files a publish names alone, the other files keeping their copies and their place in the list', async () => {
    const { live, next } = await liveAndNext();
    await writeFile(path.join(live, pendingCopiesName), 'faq.html\nretired.html\n');
    // The next build as a render makes it: links to the live files, the changed page written anew.
    for (const file of ['faq.html', 'faq.html.br', 'faq.html.gz']) await link(path.join(live, file), path.join(next, file));
    const changed = page('Le blog, nouvelle version');
    await writeFile(path.join(next, 'blog.html'), changed);

    const summary = await precompressFiles(next, ['blog.html'], { previous: live, quick: true });

    expect(summary).toMatchObject({ files: 1, reused: 0, pending: 2 });
    expect(await readFile(path.join(next, 'blog.html.br'))).toEqual(atQuality(changed, quickBrotliQuality));
    expect((await stat(path.join(next, 'faq.html.br'))).ino).toBe((await stat(path.join(live, 'faq.html.br'))).ino);
    // A page the live build listed and the next one has no more is not listed again.
    expect(await pendingList(next)).toEqual(['blog.html', 'faq.html']);
  });

  it('come strong from a cold build, and not at all when the build’s own quality is no better', async () => {
    const { live, next } = await liveAndNext();
    expect(await readFile(path.join(live, 'faq.html.br'))).toEqual(atQuality(page('La FAQ'), 11));
    await writeFile(path.join(next, 'blog.html'), page('Autre'));

    const summary = await precompressDirectory(next, { previous: live, quick: true, brotliQuality: quickBrotliQuality });

    expect(summary.pending).toBe(0);
    expect(await readdir(next)).not.toContain(pendingCopiesName);
  });

  it('stay listed in the next build while still quick, and a stopped strengthening leaves the rest listed', async () => {
    const { live, next } = await liveAndNext();
    const [faq, blog] = [page('La FAQ, revue'), page('Le blog, revu')];
    const quick = path.join(directory, 'quick');
    await mkdir(quick);
    await Promise.all([writeFile(path.join(quick, 'faq.html'), faq), writeFile(path.join(quick, 'blog.html'), blog)]);
    expect(await precompressDirectory(quick, { previous: live, quick: true })).toMatchObject({ reused: 0, pending: 2 });
    await Promise.all([writeFile(path.join(next, 'faq.html'), faq), writeFile(path.join(next, 'blog.html'), blog)]);

    // The next build reuses both quick copies before any strengthening: they stay pending.
    const summary = await precompressDirectory(next, { previous: quick, quick: true });
    expect(summary).toMatchObject({ reused: 2, pending: 2 });
    expect(await pendingList(next)).toEqual(['blog.html', 'faq.html']);

    let asked = 0;
    const stopped = await strengthenCopies(next, { shouldStop: () => asked++ >= 1 });
    expect(stopped).toEqual({ strengthened: 1, left: 1 });
    const [left] = await pendingList(next);
    expect(left).toBeDefined();
    const leftText = left === 'faq.html' ? faq : blog;
    expect(await readFile(path.join(next, `${left}.br`))).toEqual(atQuality(leftText, quickBrotliQuality));

    expect(await strengthenCopies(next)).toEqual({ strengthened: 1, left: 0 });
    expect(brotliDecompressSync(await readFile(path.join(next, `${left}.br`))).toString()).toBe(leftText);
    expect(await readFile(path.join(next, `${left}.br`))).toEqual(atQuality(leftText, 11));
  });

  it('are strengthened by the command line the API runs, which removes a copy a killed run left half-written', async () => {
    const { live, next } = await liveAndNext();
    const changed = page('Les formations');
    await writeFile(path.join(next, 'formations.html'), changed);
    await precompressDirectory(next, { previous: live, quick: true });
    await writeFile(path.join(next, 'formations.html.br.strengthening'), 'half a copy');

    const script = path.join(import.meta.dirname, '..', 'src', 'index.ts');
    const { stdout } = await promisify(execFile)(process.execPath, [script, '--strengthen', next, '11']);

    expect(stdout.trim()).toBe('1 brotli copies strengthened');
    expect(await readFile(path.join(next, 'formations.html.br'))).toEqual(atQuality(changed, 11));
    expect(await readdir(next)).toEqual(['formations.html', 'formations.html.br', 'formations.html.gz']);
    expect((await stat(path.join(next, 'formations.html.br'))).nlink).toBe(1);
  });
});
