import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pendingCopiesName } from '@cfp/precompress';
import type { BlogPost } from '@cfp/shared';
import { pngImage } from '@cfp/test-support/admin-session';
import { scaled } from '@cfp/test-support/time-scale';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { processPicture } from '../../src/images/process-image.ts';
import type { SiteBuilder } from '../../src/site/site-builder.ts';
import { temporaryDirectory } from '../helper.ts';
import { contentFixture } from '../support/content-repository.ts';
import { testSiteBuilder } from '../support/site-builder.ts';
import { waitUntil } from '../support/waiting.ts';

const siteSourceDir = fileURLToPath(new URL('../../../site', import.meta.url));

/**
 * A builder of the real site on `contentDir`, its copies at the strongest as in production,
 * its posts read from `blogApi` (none without); `warmMs` 0 runs `astro build` afresh each time.
 */
function realSiteBuilder(contentDir: string, warmMs: number, blogApi?: string, log?: FastifyBaseLogger) {
  const system = { PATH: process.env.PATH ?? '/usr/bin', HOME: process.env.HOME ?? '/tmp' };
  return testSiteBuilder({
    ...(log ? { log } : {}),
    siteSourceDir,
    outputRoot: temporaryDirectory(),
    contentDir,
    brotliQuality: 11,
    ...(blogApi ? { apiUrl: () => blogApi } : {}),
    systemEnv: blogApi ? system : { ...system, SITE_BLOG: 'off' },
    warmMs,
  });
}

/** Every file of a build, by its path in it. */
function filesOf(root: string): Map<string, Buffer> {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    entries.map((entry) => [
      path.relative(root, path.join(entry.parentPath, entry.name)),
      readFileSync(path.join(entry.parentPath, entry.name)),
    ]),
  );
}

async function built(builder: SiteBuilder, change: 'content' | 'posts' = 'content') {
  builder.changed(change, 'a test', 0);
  await builder.whenIdle();
  const status = await builder.getStatus();
  expect(status.lastError).toBeNull();
  return status.lastPages;
}

/**
 * Once the live build's quick brotli copies are final, the files of `warm` and of a build of the
 * same content and posts from nothing (`astro build` afresh, empty cache) that differ: none.
 */
async function differingFromScratch(warm: SiteBuilder, contentDir: string, blogApi?: string): Promise<string[]> {
  const fresh = realSiteBuilder(contentDir, 0, blogApi);
  try {
    await built(fresh);
  } finally {
    await fresh.close();
  }
  await waitUntil(() => !existsSync(path.join(warm.currentDir, pendingCopiesName)), 'the quick copies made final', {
    timeoutMs: 60_000,
  });
  const [warmFiles, freshFiles] = [filesOf(warm.currentDir), filesOf(fresh.currentDir)];
  expect([...warmFiles.keys()].sort()).toEqual([...freshFiles.keys()].sort());
  return [...warmFiles].filter(([file, bytes]) => !bytes.equals(freshFiles.get(file) ?? Buffer.alloc(0))).map(([file]) => file);
}

/** The API's published posts, as the site's build reads them, on loopback. */
async function postsApi(posts: () => BlogPost[]): Promise<string> {
  const server = createServer((request, response) => {
    if (request.url !== '/api/blog/published') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(posts()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}

const post = (id: number, title: string, slug: string, english = { titleEn: '', descriptionEn: '' }): BlogPost => ({
  _id: id,
  title,
  slug,
  author: 'Direction',
  views: 0,
  coverPhoto: '',
  status: 'published',
  createdAt: `2026-11-0${id}T09:00:00.000Z`,
  updatedAt: `2026-11-0${id}T09:00:00.000Z`,
  publishedAt: `2026-11-0${id}T09:00:00.000Z`,
  description: `<p>${title}: les détails pour les familles et les apprenants.</p>`,
  cover: null,
  ...english,
});
/** A post's English version (decision 0024): its page is /en/blog/{slug}. */
const inEnglish = (titleEn: string) => ({ titleEn, descriptionEn: `<p>${titleEn}: the details for families and learners.</p>` });

describe('a build process kept warm', () => {
  it(
    'builds a change into the same files as `astro build` run afresh, rendering only the pages it touches, its quick brotli copies made final once live',
    async () => {
      const contentDir = temporaryDirectory();
      cpSync(contentFixture(), contentDir, { recursive: true });
      const warm = realSiteBuilder(contentDir, 60_000);
      try {
        const first = await built(warm);
        const soudure = path.join(contentDir, 'formations', 'soudure.md');
        writeFileSync(soudure, readFileSync(soudure, 'utf8').replace(/^practicalShare: \d+$/m, 'practicalShare: 65'));
        const second = await built(warm);
        // The programme's two pages, and the pages without a cache key (lists, notices), which every build renders.
        expect(second?.rendered).toBeLessThan((first?.rendered ?? 0) / 2);
        expect(second?.reused).toBeGreaterThan(0);

        expect(await differingFromScratch(warm, contentDir)).toEqual([]);
        expect(readFileSync(path.join(warm.currentDir, 'formation', 'soudure.html'), 'utf8')).toContain('65\u00a0% de pratique');
      } finally {
        await warm.close();
      }
    },
    scaled(240_000),
  );

  it(
    'publishes, renames and unpublishes a post with the renderer the build left loaded, into the same files as a build from nothing',
    async () => {
      const posts = [post(1, 'Rentrée d’octobre', 'rentree-octobre')];
      const blogApi = await postsApi(() => posts);
      const messages: string[] = [];
      const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => messages.push(line) } } }).log;
      const warm = realSiteBuilder(contentFixture(), 60_000, blogApi, log);
      const changes: Array<[string, () => void, string]> = [
        [
          'published with an English version',
          () => posts.unshift(post(2, 'Résultats des examens', 'resultats-examens', inEnglish('Exam results'))),
          'en/blog/resultats-examens.html',
        ],
        [
          'renamed',
          () => posts.splice(0, 1, post(2, 'Résultats définitifs', 'resultats-definitifs', inEnglish('Final results'))),
          'en/blog/resultats-definitifs.html',
        ],
        // The build's own post, which no render has written: its files go all the same.
        ['unpublished', () => posts.pop(), 'blog/resultats-definitifs.html'],
      ];
      try {
        const first = await built(warm);
        for (const [what, change, page] of changes) {
          change();
          messages.length = 0;
          const pages = await built(warm, 'posts');
          expect(messages.join('\n'), what).toContain('posts published by the renderer');
          expect(pages?.rendered, what).toBeLessThan((first?.rendered ?? 0) / 2);
          expect(existsSync(path.join(warm.currentDir, page)), what).toBe(true);
          expect(await differingFromScratch(warm, contentFixture(), blogApi), what).toEqual([]);
        }
        expect(filesOf(warm.currentDir).has('blog/rentree-octobre.html')).toBe(false);
      } finally {
        await warm.close();
      }
    },
    scaled(480_000),
  );
});

describe('builds of two products from one checkout', () => {
  it(
    'run at once, each shows its own content’s photos and no other’s',
    async () => {
      const withPhoto = temporaryDirectory();
      cpSync(contentFixture(), withPhoto, { recursive: true });
      const soudure = path.join(withPhoto, 'formations', 'soudure.md');
      writeFileSync(path.join(withPhoto, 'formations', 'soudure.jpg'), await processPicture(pngImage(1200, 800)));
      writeFileSync(soudure, readFileSync(soudure, 'utf8').replace(/^title: /m, 'picture: ./soudure.jpg\ntitle: '));
      // One in a process kept warm, one in `astro build` afresh: both ways the API builds.
      const [warm, fresh] = [realSiteBuilder(withPhoto, 60_000), realSiteBuilder(contentFixture(), 0)];
      const photos = (builder: SiteBuilder) =>
        readdirSync(path.join(builder.currentDir, '_astro')).filter((file) => file.startsWith('soudure.'));
      try {
        await Promise.all([built(warm), built(fresh)]);
        expect(photos(warm).length).toBeGreaterThan(0);
        expect(readFileSync(path.join(warm.currentDir, 'formation', 'soudure.html'), 'utf8')).toContain('class="hero__photo"');
        expect(photos(fresh)).toEqual([]);
        expect(readFileSync(path.join(fresh.currentDir, 'formation', 'soudure.html'), 'utf8')).not.toContain(
          'class="hero__photo"',
        );
      } finally {
        await Promise.all([warm.close(), fresh.close()]);
      }
    },
    scaled(240_000),
  );
});
