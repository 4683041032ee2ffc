import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
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
    const now = new Date().toISOString();
    // The first as if written straight into the database (the API refuses it, and describes no cover for it).
    const posts = [
      { coverPhoto: 'http://127.0.0.1:9/media/blogImages/1_x.png', cover: null },
      { coverPhoto: cover.url, cover },
    ].map((post, index) => ({
      _id: index + 1,
      title: `Article ${index + 1}`,
      slug: `article-${index + 1}`,
      author: 'La direction',
      views: 0,
      status: 'published',
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
      description: '<p>Texte de l’article.</p>',
      ...post,
    }));
    const api = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      if (request.url === '/api/blog/published') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(posts));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
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
});
