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
});
