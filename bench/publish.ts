import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiNodeFlags } from '@cfp/test-support/api-process';
import { startProcess } from './support.ts';

/**
 * `pnpm --filter @cfp/bench bench:publish`: with POSTS published posts in the database (default 200),
 * how long a rebuild takes that renders every page, and how long from publishing one more post
 * to its page being served by the product (embedded default: the API rebuilds the site itself),
 * after a quiet spell and right after another build.
 */

const postCount = Number(process.env.POSTS ?? 200);
const debounceMs = 3000;
const admin = { email: 'publish@centre.test', password: 'publish bench passphrase' };

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-publish-'));
  const product = await startProcess(
    [...apiNodeFlags(), 'api/src/server.ts'],
    {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_REBUILD_DEBOUNCE_MS: String(debounceMs),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      NODE_ENV: 'production',
    },
    (line) => line.match(/^Listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1],
  );
  const base = product.url;
  try {
    const { Token } = (await (
      await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
    ).json()) as { Token: string };
    const headers = { authorization: `Bearer ${Token}`, 'content-type': 'application/json' };
    const status = async () =>
      (await (await fetch(`${base}/api/site/status`, { headers })).json()) as {
        state: string;
        lastDurationMs: number;
        lastError: string | null;
        lastPages: { rendered: number; reused: number } | null;
      };
    const idle = async () => {
      for (let waited = 0; waited < 600_000; waited += 250) {
        if ((await status()).state === 'idle') return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error('the site build did not finish within 10 minutes');
    };

    await idle();
    for (let index = 0; index < postCount; index += 1) {
      await fetch(`${base}/api/blog`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `Actualité numéro ${index + 1} du centre`,
          description: `<h2>Section</h2><p>${'Texte de l’actualité, avec des détails pour les familles. '.repeat(25)}</p><ul><li>Un</li><li>Deux</li></ul>`,
          author: 'Direction',
        }),
      });
    }
    await idle();
    // A rebuild from an empty cache: every page rendered (the files' compressed copies still come from the live build).
    rmSync(path.join(dataDir, 'site', 'cache'), { recursive: true, force: true });
    const started = Date.now();
    await fetch(`${base}/api/site/rebuild`, { method: 'POST', headers: { authorization: headers.authorization } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await idle();
    const fullBuild = await status();
    const fullBuildSeconds = (Date.now() - started) / 1000;

    /** Publishes a post and times it from the request to its page being served. */
    const publishAndServe = async (title: string) => {
      const published = Date.now();
      const created = (await (
        await fetch(`${base}/api/blog`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ title, description: '<p>Félicitations à tous.</p>' }),
        })
      ).json()) as { blog: { slug: string } };
      for (let waited = 0; waited < 600_000; waited += 100) {
        if ((await fetch(`${base}/blog/${created.blog.slug}`)).status === 200) return (Date.now() - published) / 1000;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return Number.NaN;
    };
    // The usual case: the first change after a quiet spell is built at once.
    await new Promise((resolve) => setTimeout(resolve, debounceMs + 500));
    const quietSeconds = await publishAndServe('Résultats des examens de fin de formation');
    const afterQuiet = await status();
    // A change right after another build waits the debounce, gathering what follows.
    const burstSeconds = await publishAndServe('Remise des diplômes de la promotion 2026');
    await idle();
    const pages = (build: { lastPages: { rendered: number; reused: number } | null }) =>
      build.lastPages ? `${build.lastPages.rendered} rendered, ${build.lastPages.reused} reused` : 'not reported';

    console.log(`
Publishing with ${postCount} published posts (embedded default, ${debounceMs / 1000} s debounce)
| measure | value |
|---|---|
| rebuild with an empty cache, as timed by the builder | ${(fullBuild.lastDurationMs / 1000).toFixed(1)} s (${pages(fullBuild)}) |
| rebuild requested → new site live | ${fullBuildSeconds.toFixed(1)} s |
| post published after a quiet spell → its page served | ${quietSeconds.toFixed(1)} s (build ${(afterQuiet.lastDurationMs / 1000).toFixed(1)} s: ${pages(afterQuiet)}) |
| post published right after another build → its page served | ${burstSeconds.toFixed(1)} s (waits the debounce) |
| last build error | ${fullBuild.lastError ?? 'none'} |
`);
    process.exitCode = quietSeconds < 60 && burstSeconds < 60 && !fullBuild.lastError ? 0 : 1;
  } finally {
    product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
