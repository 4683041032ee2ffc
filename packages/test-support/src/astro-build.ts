import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureContent } from './content-fixture.ts';
import { testBrotliQuality } from './product.ts';
import { firstBuildWaitMs, within } from './waiting.ts';

const siteDir = fileURLToPath(new URL('../../../site/', import.meta.url));
const astro = path.join(siteDir, 'node_modules', 'astro', 'bin', 'astro.mjs');

export interface AstroBuild {
  /** The exit status, or null when the build was stopped at its deadline. */
  status: number | null;
  output: string;
  /** Where the pages went; the caller reads it, then calls `remove`. */
  outDir: string;
  remove: () => void;
}

/**
 * Runs `astro build` of the site (`--silent`) with `env` added, into a fresh directory, with a
 * cache and a root of its own: Astro bundles the pages and lists the content's images under
 * its root, so two builds from one root overwrite each other's files (the product's builder
 * does the same, api/src/site/astro-process.ts). The root is
 * inside the site's folder, where the bundle finds the site's packages. The brotli copies are
 * written at the tests' quality, as the products of the tests write them (product.ts says why).
 * The content is the small fixture (content-fixture.ts) unless `env` names another
 * `SITE_CONTENT_DIR`: a test about the real content gives the repository's.
 */
export async function astroBuild(env: Record<string, string>, timeoutMs = firstBuildWaitMs): Promise<AstroBuild> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'cfp-astro-build-'));
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'cfp-astro-cache-'));
  const buildersDir = path.join(siteDir, '.astro', 'builders');
  mkdirSync(buildersDir, { recursive: true });
  const workDir = mkdtempSync(path.join(buildersDir, 'test-'));
  const scratch = [cacheDir, workDir];
  const contentDir = env.SITE_CONTENT_DIR ?? fixtureContent();
  if (!env.SITE_CONTENT_DIR) scratch.push(contentDir);
  try {
    // Its own root, as the product's builds (api/src/site/astro-process.ts): Astro writes the content's
    // image list under the root, and builds sharing one would read each other's.
    const config = path.relative(workDir, path.join(siteDir, 'astro.config.mjs'));
    const child = spawn(process.execPath, [astro, 'build', '--silent', '--root', workDir, '--config', config], {
      cwd: workDir,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        SITE_OUT_DIR: outDir,
        SITE_CACHE_DIR: cacheDir,
        SITE_BROTLI_QUALITY: testBrotliQuality,
        SITE_CONTENT_DIR: contentDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    const status = await within(closed, timeoutMs, 'late' as const);
    if (status === 'late') {
      child.kill('SIGKILL');
      output += `\nastro build still running after ${timeoutMs / 1000} s`;
    }
    return {
      status: status === 'late' ? null : status,
      output,
      outDir,
      remove: () => rmSync(outDir, { recursive: true, force: true }),
    };
  } finally {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  }
}
