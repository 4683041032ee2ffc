import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/product.ts';

const siteDir = fileURLToPath(new URL('../site/', import.meta.url));
const astro = path.join(siteDir, 'node_modules', 'astro', 'bin', 'astro.mjs');

/** Runs `astro build` of the site with the given environment, into a throw-away directory. */
async function build(env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'cfp-site-build-'));
  try {
    const child = spawn(process.execPath, [astro, 'build', '--silent'], {
      cwd: siteDir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', SITE_OUT_DIR: outDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
    clearTimeout(timer);
    return { status, output };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

describe('the site build and its blog source', () => {
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

  it('never fetches a cover address taken from a post unless it is one of our uploads', async () => {
    const covers: string[] = [];
    const elsewhere = createServer((request, response) => {
      covers.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png' }).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const { port: elsewherePort } = elsewhere.address() as { port: number };
    const now = new Date().toISOString();
    const apiPort = await freePort();
    // The first two as if written straight into the database (the API refuses them); the third is one of our uploads.
    const posts = [
      `http://127.0.0.1:${elsewherePort}/x.png`,
      `http://127.0.0.1:${elsewherePort}/media/blogImages/1_x.png`,
      `http://127.0.0.1:${apiPort}/media/blogImages/2_ours.png`,
    ].map((coverPhoto, index) => ({
      _id: index + 1,
      title: `Article ${index + 1}`,
      slug: `article-${index + 1}`,
      author: 'La direction',
      views: 0,
      coverPhoto,
      status: 'published',
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
      description: '<p>Texte de l’article.</p>',
    }));
    let postsRead = 0;
    const ownCovers: string[] = [];
    const api = createServer((request, response) => {
      if (request.url === '/api/blog/published') {
        postsRead += 1;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(posts));
      } else {
        ownCovers.push(request.url ?? '');
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
    try {
      const result = await build({ SITE_API_URL: `http://127.0.0.1:${apiPort}/api` });
      expect(result.status, result.output).toBe(0);
      expect(postsRead).toBeGreaterThan(0);
      expect(covers).toEqual([]);
      expect(ownCovers).toContain('/media/blogImages/2_ours-480w.webp');
    } finally {
      elsewhere.close();
      api.close();
    }
  }, 180_000);
});
