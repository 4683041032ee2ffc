import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { apiNodeFlags } from '@cfp/test-support/api-process';
import { median, startProcess } from './support.ts';

/**
 * `pnpm --filter @cfp/bench bench:publish`: with POSTS published posts (default 200), what staff
 * wait for, from the request to the page as visitors get it, with the product as it starts
 * (embedded default: the API builds the site itself, its build process kept warm), each a median
 * of RUNS (5) with the pages the build rendered:
 * - a post published after a real quiet spell (no build for QUIET_MS, 60 s),
 * - a post published right after another one is live,
 * - a post renamed (its new address served), and unpublished (its address no longer a page),
 *   each after a quiet spell,
 * - five posts published within a minute, the time from the last to all five served;
 * and a rebuild from an empty cache, which renders every page.
 */

const postCount = Number(process.env.POSTS ?? 200);
const runs = Number(process.env.RUNS ?? 5);
const quietMs = Number(process.env.QUIET_MS ?? 60_000);
const admin = { email: 'publish@centre.test', password: 'publish bench passphrase' };

interface BuildStatus {
  state: string;
  lastSuccessAt: string | null;
  lastDurationMs: number;
  lastError: string | null;
  lastPages: { rendered: number; reused: number } | null;
}

interface Timed {
  seconds: number;
  rendered: number | null;
}

const secondsSince = (start: number) => (performance.now() - start) / 1000;

async function signIn(base: string) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { Token } = (await response.json()) as { Token: string };
  return { authorization: `Bearer ${Token}`, 'content-type': 'application/json' };
}

function client(base: string, headers: Record<string, string>) {
  const status = async () => (await (await fetch(`${base}/api/site/status`, { headers })).json()) as BuildStatus;
  const idle = async () => {
    const deadline = performance.now() + 600_000;
    while ((await status()).state !== 'idle') {
      if (performance.now() > deadline) throw new Error('the site build did not finish within 10 minutes');
      await pause(100);
    }
    return status();
  };
  /** Waits until the site has had no build for `quietMs`. */
  const quiet = async () => {
    const { lastSuccessAt } = await idle();
    const since = lastSuccessAt ? Date.now() - Date.parse(lastSuccessAt) : quietMs;
    if (since < quietMs) await pause(quietMs - since);
  };
  const served = async (pagePath: string, wanted: (status: number) => boolean) => {
    const deadline = performance.now() + 600_000;
    while (!wanted((await fetch(`${base}${pagePath}`, { redirect: 'manual' })).status)) {
      if (performance.now() > deadline) throw new Error(`${pagePath} did not change within 10 minutes`);
      await pause(50);
    }
  };
  const send = async (method: 'POST' | 'PUT', url: string, body: object) => {
    const response = await fetch(`${base}/api${url}`, { method, headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { blog: { _id: number; slug: string } }).blog;
  };
  return { status, idle, quiet, served, send };
}

type Client = ReturnType<typeof client>;

const post = (title: string) => ({ title, description: '<p>Félicitations à tous.</p>', status: 'published' });

/** Times `change` from its request to `pagePath` answering as `wanted`, and the pages the build rendered. */
async function timed(site: Client, change: () => Promise<string>, wanted: (status: number) => boolean): Promise<Timed> {
  const started = performance.now();
  const pagePath = await change();
  await site.served(pagePath, wanted);
  const seconds = secondsSince(started);
  const { lastPages } = await site.idle();
  return { seconds, rendered: lastPages?.rendered ?? null };
}

const isPage = (status: number) => status === 200;
const isGone = (status: number) => status !== 200;

async function measure(site: Client) {
  const afterQuiet: Timed[] = [];
  const afterBuild: Timed[] = [];
  const renames: Timed[] = [];
  const unpublishes: Timed[] = [];
  for (let run = 1; run <= runs; run += 1) {
    await site.quiet();
    let published = { _id: 0, slug: '' };
    afterQuiet.push(
      await timed(
        site,
        async () => {
          published = await site.send('POST', '/blog', post(`Résultats des examens, session ${run}`));
          return `/blog/${published.slug}`;
        },
        isPage,
      ),
    );
    afterBuild.push(
      await timed(
        site,
        async () => `/blog/${(await site.send('POST', '/blog', post(`Remise des diplômes ${run}`))).slug}`,
        isPage,
      ),
    );
    await site.quiet();
    const renamed = `${published.slug}-resultats`;
    renames.push(
      await timed(
        site,
        async () => {
          await site.send('PUT', `/blog/${published._id}`, { ...post(`Résultats définitifs, session ${run}`), slug: renamed });
          return `/blog/${renamed}`;
        },
        isPage,
      ),
    );
    await site.quiet();
    unpublishes.push(
      await timed(
        site,
        async () => {
          await site.send('PUT', `/blog/${published._id}`, { ...post(`Résultats définitifs, session ${run}`), status: 'draft' });
          return `/blog/${renamed}`;
        },
        isGone,
      ),
    );
  }
  return { afterQuiet, afterBuild, renames, unpublishes };
}

/** Five posts at even intervals within a minute: seconds from the last request until all five are served. */
async function fiveInAMinute(site: Client): Promise<Timed> {
  await site.quiet();
  const slugs: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    if (index > 0) await pause(12_000);
    slugs.push((await site.send('POST', '/blog', post(`Portes ouvertes, annonce ${index + 1}`))).slug);
  }
  const last = performance.now();
  for (const slug of slugs) await site.served(`/blog/${slug}`, isPage);
  const seconds = secondsSince(last);
  const { lastPages } = await site.idle();
  return { seconds, rendered: lastPages?.rendered ?? null };
}

async function seed(base: string, headers: Record<string, string>) {
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
}

/** A rebuild from an empty cache: every page rendered (the files' compressed copies still come from the live build). */
async function emptyCacheRebuild(base: string, dataDir: string, headers: Record<string, string>, site: Client) {
  rmSync(path.join(dataDir, 'site', 'cache'), { recursive: true, force: true });
  const started = performance.now();
  // The answer comes once the build is scheduled: the status is no longer idle until it is done.
  await fetch(`${base}/api/site/rebuild`, { method: 'POST', headers: { authorization: headers.authorization ?? '' } });
  const build = await site.idle();
  return { seconds: secondsSince(started), build };
}

const row = (label: string, values: Timed[]) => {
  const medianSeconds = median(values.map(({ seconds }) => seconds));
  const all = values.map(({ seconds }) => seconds.toFixed(1)).join(', ');
  const rendered = values.map(({ rendered }) => rendered ?? '?').join(', ');
  return `| ${label} | ${medianSeconds.toFixed(1)} s | ${all} | ${rendered} |`;
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-publish-'));
  const product = await startProcess(
    [...apiNodeFlags(), 'api/src/server.ts'],
    {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      NODE_ENV: 'production',
    },
    (line) => line.match(/^Listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1],
  );
  const base = product.url;
  try {
    const headers = await signIn(base);
    const site = client(base, headers);
    await site.idle();
    await seed(base, headers);
    await site.idle();
    const full = await emptyCacheRebuild(base, dataDir, headers, site);
    const { afterQuiet, afterBuild, renames, unpublishes } = await measure(site);
    const burst = await fiveInAMinute(site);
    const fullPages = full.build.lastPages;
    console.log(`
Publishing with ${postCount} published posts (embedded default), request → page as visitors get it, median of ${runs}
| measure | median | each run (s) | pages rendered |
|---|---|---|---|
${row(`post published after a quiet spell (no build for ${quietMs / 1000} s)`, afterQuiet)}
${row('post published right after another is live', afterBuild)}
${row('post renamed, after a quiet spell (new address served)', renames)}
${row('post unpublished, after a quiet spell (address no longer a page)', unpublishes)}
${row('five posts within a minute: the last → all five served', [burst])}
| rebuild with an empty cache → live | ${full.seconds.toFixed(1)} s | build ${(full.build.lastDurationMs / 1000).toFixed(1)} s | ${fullPages ? `${fullPages.rendered} (${fullPages.reused} reused)` : '?'} |
| last build error | ${full.build.lastError ?? 'none'} | | |
`);
    const all = [...afterQuiet, ...afterBuild, ...renames, ...unpublishes, burst];
    process.exitCode = all.every(({ seconds }) => seconds < 60) && !full.build.lastError ? 0 : 1;
  } finally {
    product.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
