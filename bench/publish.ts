import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProcess } from './support.ts';

/**
 * `pnpm --filter @cfp/bench bench:publish`: with POSTS published posts in the database (default 200),
 * how long a full site build takes, and how long from publishing one more post to its page
 * being served by the product (embedded default: the API rebuilds the site itself).
 */

const postCount = Number(process.env.POSTS ?? 200);
const admin = { email: 'publish@centre.test', password: 'publish bench passphrase' };

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-publish-'));
  const product = await startProcess(
    ['api/src/server.ts'],
    {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_REBUILD_DEBOUNCE_MS: '3000',
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
    const started = Date.now();
    await fetch(`${base}/api/site/rebuild`, { method: 'POST', headers: { authorization: headers.authorization } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await idle();
    const fullBuild = await status();
    const fullBuildSeconds = (Date.now() - started) / 1000;

    const published = Date.now();
    const created = (await (
      await fetch(`${base}/api/blog`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'Résultats des examens de fin de formation', description: '<p>Félicitations à tous.</p>' }),
      })
    ).json()) as { blog: { slug: string } };
    let servedAfter = Number.NaN;
    for (let waited = 0; waited < 600_000; waited += 200) {
      if ((await fetch(`${base}/blog/${created.blog.slug}`)).status === 200) {
        servedAfter = (Date.now() - published) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    console.log(`
Publishing with ${postCount} published posts (embedded default, 3 s debounce)
| measure | value |
|---|---|
| full site build (astro build, ${postCount + 63} pages), as timed by the builder | ${(fullBuild.lastDurationMs / 1000).toFixed(1)} s |
| rebuild requested → new site live | ${fullBuildSeconds.toFixed(1)} s |
| post published → its page served | ${servedAfter.toFixed(1)} s (target: under 60 s) |
| last build error | ${fullBuild.lastError ?? 'none'} |
`);
    process.exitCode = servedAfter < 60 && !fullBuild.lastError ? 0 : 1;
  } finally {
    product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
