import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { astroBuild } from '@cfp/test-support/astro-build';
import { freePort } from '@cfp/test-support/free-port';
import { scaled } from '@cfp/test-support/time-scale';
import { firstBuildWaitMs } from '@cfp/test-support/waiting';
import { describe, expect, it } from 'vitest';

/** Builds the site with the given environment; `inspect` may read its pages before they are removed. */
async function build(
  env: Record<string, string>,
  inspect?: (outDir: string) => void,
): Promise<{ status: number | null; output: string }> {
  const result = await astroBuild(env);
  try {
    if (result.status === 0) inspect?.(result.outDir);
    return { status: result.status, output: result.output };
  } finally {
    result.remove();
  }
}

/** A post as GET /api/blog/published gives it: a plain French one, published now, with `fields` over it. */
function publishedPost(id: number, fields: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    _id: id,
    slug: `article-${id}`,
    title: `Article ${id}`,
    author: 'La direction',
    views: 0,
    status: 'published',
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
    description: '<p>Texte de l’article.</p>',
    coverPhoto: '',
    cover: null,
    titleEn: '',
    descriptionEn: '',
    ...fields,
  };
}

/** The API's published posts, as the build reads them, on 127.0.0.1:`port`; each request is added to `requests`. */
async function servePublishedPosts(port: number, posts: object[], requests: string[] = []): Promise<Server> {
  const api = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url === '/api/blog/published') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(posts));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => api.listen(port, '127.0.0.1', resolve));
  return api;
}

// Each test runs a whole build, which astroBuild stops at firstBuildWaitMs: the test outlives it.
describe('the site build and its blog source', { timeout: scaled(firstBuildWaitMs + 60_000) }, () => {
  it('stops with a clear message when the API that gives the posts cannot be reached', async () => {
    const port = await freePort();
    const result = await build({ SITE_API_URL: `http://127.0.0.1:${port}/api` });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain(
      `The blog cannot be built: http://127.0.0.1:${port}/api/blog/published is where the published posts are read, and it cannot be reached (ECONNREFUSED).`,
    );
    expect(result.output).toContain('set SITE_BLOG=off to build the site without the blog');
  });

  it('stops too when the API answers with an error instead of the posts', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const result = await build({ SITE_API_URL: `http://127.0.0.1:${port}/api` });
      expect(result.status).not.toBe(0);
      expect(result.output).toContain('it answered 503 Service Unavailable');
    } finally {
      server.close();
    }
  });

  it('reads the posts in one request and prints their covers from them, fetching no image', async () => {
    const requests: string[] = [];
    const apiPort = await freePort();
    const media = `http://127.0.0.1:${apiPort}/media/blogImages`;
    const cover = {
      url: `${media}/2_ours.jpg`,
      alt: 'La façade du centre au matin',
      width: 2000,
      height: 1125,
      variants: [480, 960, 1600].map((width) => ({ width, url: `${media}/2_ours-${width}w.webp` })),
    };
    // The first as if written straight into the database (the API refuses it, and describes no cover for it).
    const posts = [
      publishedPost(1, { coverPhoto: 'http://127.0.0.1:9/media/blogImages/1_x.png', cover: null }),
      publishedPost(2, { coverPhoto: cover.url, cover }),
    ];
    const api = await servePublishedPosts(apiPort, posts, requests);
    const pages: Record<string, string> = {};
    try {
      const result = await build({ SITE_API_URL: `http://127.0.0.1:${apiPort}/api` }, (outDir) => {
        for (const page of ['blog/article-1', 'blog/article-2'])
          pages[page] = readFileSync(path.join(outDir, `${page}.html`), 'utf8');
      });
      expect(result.status, result.output).toBe(0);
      expect(requests).toEqual(['GET /api/blog/published']);
      expect(pages['blog/article-1']).not.toContain('<img class="post__cover"');
      expect(pages['blog/article-2']).toContain(
        `<img class="post__cover" src="${cover.url}" srcset="${media}/2_ours-480w.webp 480w, ${media}/2_ours-960w.webp 960w, ` +
          `${media}/2_ours-1600w.webp 1600w" sizes="(min-width: 50rem) 768px, calc(100vw - 2rem)" alt="La façade du centre au matin" width="1600" height="900"`,
      );
    } finally {
      api.close();
    }
  });

  it('gives a post with an English version its English page, linked both ways, in the sitemap and listed in English; the others stay French', async () => {
    const apiPort = await freePort();
    const media = `http://127.0.0.1:${apiPort}/media/blogImages`;
    const posts = [
      publishedPost(1, {
        slug: 'rentree-de-janvier',
        title: 'Rentrée de janvier : inscriptions ouvertes',
        description: '<p>Les inscriptions sont ouvertes.</p>',
        titleEn: 'January intake: enrolment is open',
        descriptionEn: '<p>Enrolment is <strong>open</strong> in every department.</p>',
        coverPhoto: `${media}/3_rentree.jpg`,
        cover: { url: `${media}/3_rentree.jpg`, alt: 'Des apprentis devant l’atelier', width: 1200, height: 675, variants: [] },
      }),
      publishedPost(2, {
        slug: 'journee-portes-ouvertes',
        title: 'Journée portes ouvertes',
        description: '<p>Venez visiter les ateliers.</p>',
      }),
    ];
    const api = await servePublishedPosts(apiPort, posts);
    const pages: Record<string, string> = {};
    let frenchOnlyInEnglish = true;
    try {
      const result = await build({ SITE_API_URL: `http://127.0.0.1:${apiPort}/api` }, (outDir) => {
        for (const page of ['blog/rentree-de-janvier', 'blog/journee-portes-ouvertes', 'en/blog/rentree-de-janvier', 'en/blog'])
          pages[page] = readFileSync(path.join(outDir, `${page}.html`), 'utf8');
        pages.sitemap = readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8');
        frenchOnlyInEnglish = existsSync(path.join(outDir, 'en/blog/journee-portes-ouvertes.html'));
      });
      expect(result.status, result.output).toBe(0);
    } finally {
      api.close();
    }
    const alternate = (language: string, address: string) =>
      new RegExp(`<link rel="alternate" hreflang="${language}" href="https?://[^"/]+${address}"`);
    const languageSwitch = (html: string) => /<a class="language-switch[^"]*" href="([^"]+)"/.exec(html)?.[1];

    const english = pages['en/blog/rentree-de-janvier'] ?? '';
    expect(english).toContain('<html lang="en"');
    expect(english).toMatch(/<h1 class="post__title"[^>]*>January intake: enrolment is open<\/h1>/);
    expect(english).toContain('<p>Enrolment is <strong>open</strong> in every department.</p>');
    expect(english).not.toContain('Les inscriptions sont ouvertes');
    expect(english).toMatch(/<img class="post__cover" src="[^"]+3_rentree\.jpg"[^>]* alt="Des apprentis devant l’atelier"/);
    for (const [language, address] of [
      ['fr', '/blog/rentree-de-janvier'],
      ['en', '/en/blog/rentree-de-janvier'],
      ['x-default', '/blog/rentree-de-janvier'],
    ] as const)
      expect(english).toMatch(alternate(language, address));
    expect(languageSwitch(english)).toBe('/blog/rentree-de-janvier');

    const french = pages['blog/rentree-de-janvier'] ?? '';
    expect(french).toContain('<html lang="fr"');
    expect(french).toMatch(alternate('en', '/en/blog/rentree-de-janvier'));
    expect(languageSwitch(french)).toBe('/en/blog/rentree-de-janvier');

    // A post without an English version has no English page and no twin: its switch goes to the English blog.
    expect(frenchOnlyInEnglish).toBe(false);
    const frenchOnly = pages['blog/journee-portes-ouvertes'] ?? '';
    expect(frenchOnly).not.toContain('hreflang="en" href');
    expect(languageSwitch(frenchOnly)).toBe('/en/blog');

    const sitemapEntry = (address: string) =>
      new RegExp(`<url><loc>https?://[^<]+${address}</loc>(.*?)</url>`).exec(pages.sitemap ?? '')?.[1] ?? '';
    expect(sitemapEntry('/en/blog/rentree-de-janvier')).toMatch(/hreflang="fr" href="[^"]+\/blog\/rentree-de-janvier"/);
    expect(sitemapEntry('/blog/rentree-de-janvier')).toMatch(/hreflang="en" href="[^"]+\/en\/blog\/rentree-de-janvier"/);
    expect(pages.sitemap).not.toContain('/en/blog/journee-portes-ouvertes');
    expect(sitemapEntry('/blog/journee-portes-ouvertes')).not.toContain('hreflang');

    // The English blog lists the English version in English, and the other post as French.
    const list = pages['en/blog'] ?? '';
    expect(list).toMatch(
      /<h2 class="blog-card__title"[^>]*><a [^>]*href="\/en\/blog\/rentree-de-janvier"[^>]*>January intake: enrolment is open<\/a>/,
    );
    expect(list).toMatch(
      /<h2 class="blog-card__title"[^>]*lang="fr"[^>]*><a [^>]*href="\/blog\/journee-portes-ouvertes" hreflang="fr"[^>]*>Journée portes ouvertes<\/a>/,
    );
    expect(list.match(/<p class="blog-card__language"/g)).toHaveLength(1);
    expect(list).toContain('Posts marked “In French” have no English version yet.');
  });
});
