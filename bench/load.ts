import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type InterestReport, screenClasses, viewSources, viewToken } from '@cfp/shared';
import { startLoopbackSmtp } from '@cfp/test-support/loopback-smtp';
import autocannon from 'autocannon';
import { seedConfirmedSubscribers, startNewsletterSend } from './newsletter-send.ts';
import { childrenCpuTimeMs, cpuTimeMs, descendantsRssMegabytes, rssMegabytes, startApi } from './support.ts';

/**
 * `pnpm --filter @cfp/bench bench:load`: a mixed load on loopback (mostly reads, each page read
 * followed by its count as the page script sends it, some subscribes and contacts, a few admin
 * writes) for LOAD_SECONDS (default 120). Reports error responses, RSS at start and end (and the
 * band it stays in over the second half, at most 1.25× the start), and checks that every
 * acknowledged write is present afterwards, every page counted in the Interest report.
 *
 * `bench:load:rebuild` (`--site-rebuild`): the same load twice, each on a fresh API: with
 * SITE_REBUILD=off, then with the production setting SITE_REBUILD=local, so that the admin
 * writer's publishes (a published post a second) go live during the load, with the CPU time the
 * builds and the API used. With the publishes, the throughput may fall by 10 % at most, with 0
 * errors, and the build process's memory stays under the size at which it is recycled.
 *
 * `bench:load:newsletter` (`--newsletter`): the same while a newsletter goes out to
 * NEWSLETTER_RECIPIENTS (10,000) confirmed subscribers through a loopback SMTP server, at the
 * API's sending rate (NEWSLETTER_RATE_PER_MINUTE, its default unless set): how long queueing them
 * takes (< 1 s), and how far the send got during the load. The same load runs first on another
 * fresh API with the same SMTP server and subscribers and no send: with the send, the p99 and the
 * API's highest RSS may pass those of the run without by 10 % at most, with 0 errors.
 */

const seconds = Number(process.env.LOAD_SECONDS ?? 120);
/** Every 15 s, or often enough for a shorter window (CI's 30 s) to have a second half of several samples. */
const rssSampleEveryMs = Math.min(15_000, (seconds * 1000) / 8);
const siteRebuilds = process.argv.includes('--site-rebuild');
const newsletter = process.argv.includes('--newsletter');
const newsletterRecipients = Number(process.env.NEWSLETTER_RECIPIENTS ?? 10_000);
const queueingAllowedMs = 1000;
const admin = { email: 'load@centre.test', password: 'load test passphrase' };
/** The API's memory over the second half of the load may not pass this multiple of its size at the start. */
const rssGrowthAllowed = 1.25;
/** Its size at the start (docs/decisions/0022-the-api-heap-is-sized-for-a-small-server.md). */
const rssStartAllowedMb = 200;

/** A phone's browser: the API does not count a crawler's pages. */
const browser =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/**
 * The pages shown the API kept, as the Interest report sums them (the site's sources, this week
 * and the last, in case the load crossed a Monday): asked again while the API's two-second
 * batch of counts is not written yet, for up to 10 s.
 */
async function viewsStored(url: string, auth: Record<string, string>, expected: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const report = (await (await fetch(`${url}/api/interest?weeks=2`, { headers: auth })).json()) as InterestReport;
    const stored = Object.values(report.sources).reduce((sum, views) => sum + views, 0);
    if (stored >= expected || Date.now() > deadline) return stored;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Figures of one load, for bench:load:newsletter to set the run with a send beside the run without. */
interface LoadRun {
  result: autocannon.Result;
  rssMax: number;
  /** The highest resident memory of the API's child processes (the site's build process) during the load. */
  childrenRssMax: number;
  failed: boolean;
  queuedMs?: number;
}

/** The load with a newsletter going out may pass the same load without by this share at most (p99, RSS). */
const newsletterCostAllowed = 1.1;

/** The run with a send set beside the run without: p99, errors, memory, and the queueing time. */
function compareNewsletterRuns(without: LoadRun, during: LoadRun): boolean {
  const errors = (run: LoadRun) => run.result.non2xx + run.result.errors + run.result.timeouts;
  const p99Ok = during.result.latency.p99 <= newsletterCostAllowed * without.result.latency.p99;
  const rssOk = during.rssMax <= newsletterCostAllowed * without.rssMax;
  const queuedMs = during.queuedMs ?? Number.POSITIVE_INFINITY;
  const queuedOk = queuedMs < queueingAllowedMs;
  console.log(`
## The same load without and with a newsletter to ${newsletterRecipients.toLocaleString('en-US')} subscribers going out (each on a fresh API)

| measure | without | with the send | |
|---|---|---|---|
| requests | ${without.result.requests.total} (${without.result.requests.average.toFixed(0)} req/s) | ${during.result.requests.total} (${during.result.requests.average.toFixed(0)} req/s) | |
| latency p50 / p99 | ${without.result.latency.p50} / ${without.result.latency.p99} ms | ${during.result.latency.p50} / ${during.result.latency.p99} ms | p99 ≤ ${newsletterCostAllowed}×: ${p99Ok ? 'ok' : 'MISSED'} |
| error responses, errors, timeouts | ${errors(without)} | ${errors(during)} | |
| API RSS, highest | ${without.rssMax} MB | ${during.rssMax} MB | ≤ ${newsletterCostAllowed}×: ${rssOk ? 'ok' : 'MISSED'} |
| recipients queued in | | ${queuedMs.toFixed(0)} ms | < ${queueingAllowedMs} ms: ${queuedOk ? 'ok' : 'MISSED'} |
`);
  return !without.failed && !during.failed && p99Ok && rssOk && queuedOk;
}

/** With the publishes going live, the load's throughput may fall by this share at most. */
const rebuildThroughputLossAllowed = 0.1;
/** The build process is recycled past this resident memory (api/src/site/warm-build.ts). */
const buildProcessRssAllowedMb = 1536;

/** The run with a publish a second set beside the run without: throughput, errors, memory. */
function compareRebuildRuns(without: LoadRun, during: LoadRun): boolean {
  const errors = (run: LoadRun) => run.result.non2xx + run.result.errors + run.result.timeouts;
  const throughputOk = during.result.requests.average >= (1 - rebuildThroughputLossAllowed) * without.result.requests.average;
  const buildRssOk = during.childrenRssMax <= buildProcessRssAllowedMb;
  console.log(`
## The same load without and with a published post a second going live (each on a fresh API)

| measure | SITE_REBUILD=off | SITE_REBUILD=local | |
|---|---|---|---|
| requests | ${without.result.requests.total} (${without.result.requests.average.toFixed(0)} req/s) | ${during.result.requests.total} (${during.result.requests.average.toFixed(0)} req/s) | ≥ ${1 - rebuildThroughputLossAllowed}×: ${throughputOk ? 'ok' : 'MISSED'} |
| latency p50 / p99 | ${without.result.latency.p50} / ${without.result.latency.p99} ms | ${during.result.latency.p50} / ${during.result.latency.p99} ms | |
| error responses, errors, timeouts | ${errors(without)} | ${errors(during)} | |
| API RSS, highest | ${without.rssMax} MB | ${during.rssMax} MB | |
| build process RSS, highest | | ${during.childrenRssMax} MB | ≤ ${buildProcessRssAllowedMb} MB: ${buildRssOk ? 'ok' : 'MISSED'} |
`);
  return !without.failed && !during.failed && throughputOk && buildRssOk;
}

/**
 * One load on a fresh API. With `newsletter` it has a loopback SMTP server and NEWSLETTER_RECIPIENTS
 * confirmed subscribers, and with `send` a newsletter goes out to them during the load.
 */
async function runLoad({
  newsletter,
  send: sending,
  siteRebuild = 'off',
}: {
  newsletter: boolean;
  send: boolean;
  siteRebuild?: 'off' | 'local';
}): Promise<LoadRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-load-'));
  const smtp = newsletter ? await startLoopbackSmtp(0, { closeAfterEach: false }) : undefined;
  const { url, child } = await startApi(dataDir, admin, { env: { SITE_REBUILD: siteRebuild, ...smtp?.env } });
  const pid = child.pid as number;
  try {
    const { Token } = (await (
      await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
    ).json()) as { Token: string };
    const auth = { authorization: `Bearer ${Token}`, 'content-type': 'application/json' };
    const seed = (await (
      await fetch(`${url}/api/blog`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title: 'Portes ouvertes', description: `<p>${'Bienvenue au centre. '.repeat(30)}</p>` }),
      })
    ).json()) as { blog: { slug: string } };
    const rssStart = rssMegabytes(pid);

    const subscribed = new Set<string>();
    let contacts = 0;
    const applied = new Set<string>();
    let applicants = 0;
    let sequence = 0;
    const nextAddress = () => {
      sequence += 1;
      return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
    };
    const read = (path: string) => ({ method: 'GET' as const, path });
    let viewsCounted = 0;
    /** The count a page sends once shown (site/src/scripts/page-view.ts): a urlencoded beacon, from a browser. */
    const pageShown = (page: string): autocannon.Request => ({
      method: 'POST',
      path: '/api/views',
      setupRequest: (request) => {
        const screen = screenClasses[sequence % screenClasses.length] ?? 'phone';
        const source = viewSources[sequence % viewSources.length] ?? 'none';
        return {
          ...request,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': browser,
            'x-forwarded-for': nextAddress(),
          },
          body: new URLSearchParams({ path: page, language: 'fr', source, screen, token: viewToken(page) }).toString(),
        };
      },
      onResponse: (status) => {
        if (status === 204) viewsCounted += 1;
      },
    });
    const postPage = `/blog/${seed.blog.slug}`;
    const requests: autocannon.Request[] = [
      read('/api/blog'),
      pageShown('/blog'),
      read(`/api/blog/slug/${seed.blog.slug}`),
      pageShown(postPage),
      read('/api/blog'),
      pageShown('/blog'),
      read('/api/health'),
      read(`/api/blog/slug/${seed.blog.slug}`),
      pageShown(postPage),
      read('/api/blog/published'),
      read('/api/blog'),
      pageShown('/blog'),
      {
        method: 'POST',
        path: '/api/subscriber',
        setupRequest: (request, context) => {
          const email = `reader${nextAddress().replaceAll('.', '-')}@load.test`;
          (context as { email?: string }).email = email;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
            body: JSON.stringify({ email }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status === 201) subscribed.add((context as { email: string }).email);
        },
      },
      read(`/api/blog/slug/${seed.blog.slug}`),
      {
        method: 'POST',
        path: '/api/contact',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
          body: JSON.stringify({
            firstName: 'Awa',
            lastName: 'Ndzi',
            email: 'awa@load.test',
            phone: '+237 699 00 11 22',
            message: 'Bonjour, quelles sont les dates de la rentrée ?',
            programme: 'soudure',
          }),
        }),
        onResponse: (status) => {
          if (status === 201) contacts += 1;
        },
      },
      {
        method: 'POST',
        path: '/api/applications',
        // A new phone each time: the same phone and programme within a day would be a repeat of the first application.
        setupRequest: (request) => {
          applicants += 1;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
            body: JSON.stringify({
              programme: 'soudure',
              firstName: 'Jean',
              lastName: 'Essomba',
              phone: `69${String(applicants).padStart(7, '0')}`,
              town: 'Nkoabang',
              level: 'bepc',
              consent: true,
            }),
          };
        },
        onResponse: (status, body) => {
          if (status === 201) applied.add((JSON.parse(body) as { reference: string }).reference);
        },
      },
    ];

    const createdPosts: number[] = [];
    let adminErrors = 0;
    let stop = false;
    const adminWriter = (async () => {
      for (let index = 0; !stop && index < 10_000; index += 1) {
        const response = await fetch(`${url}/api/blog`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            title: `Annonce ${index}`,
            description: '<p>Nouvelle annonce.</p>',
            status: index % 2 ? 'draft' : 'published',
          }),
        });
        if (response.status === 201) createdPosts.push(((await response.json()) as { blog: { _id: number } }).blog._id);
        else adminErrors += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();

    const apiCpuBefore = cpuTimeMs(pid);
    const buildCpuBefore = childrenCpuTimeMs(pid);
    const rssSamples: number[] = [];
    let childrenRssMax = 0;
    const sampler = setInterval(() => {
      rssSamples.push(Math.round(rssMegabytes(pid)));
      childrenRssMax = Math.max(childrenRssMax, Math.round(descendantsRssMegabytes(pid)));
    }, rssSampleEveryMs);
    if (newsletter && !sending) seedConfirmedSubscribers(path.join(dataDir, 'centre.sqlite'), newsletterRecipients);
    const send = sending ? await startNewsletterSend(url, auth, dataDir, newsletterRecipients) : undefined;
    const result = await autocannon({ url, connections: 16, duration: seconds, requests });
    clearInterval(sampler);
    const apiCpuSeconds = (cpuTimeMs(pid) - apiCpuBefore) / 1000;
    const buildCpuSeconds = (childrenCpuTimeMs(pid) - buildCpuBefore) / 1000;
    stop = true;
    await adminWriter;
    const rssEnd = rssMegabytes(pid);
    const sent = await send?.progress();
    const site = (await (await fetch(`${url}/api/site/status`, { headers: auth })).json()) as { lastDurationMs: number | null };

    /** Every row of an admin list, page after page: what the API kept, to count what it lost. */
    const everyRow = async <T>(path: string): Promise<T[]> => {
      const rows: T[] = [];
      for (let page = 1; ; page += 1) {
        const answer = (await (await fetch(`${url}/api${path}?page=${page}`, { headers: auth })).json()) as {
          items: T[];
          total: number;
        };
        rows.push(...answer.items);
        if (answer.items.length === 0 || rows.length >= answer.total) return rows;
      }
    };
    const storedEmails = new Set((await everyRow<{ email: string }>('/subscribers')).map((row) => row.email));
    const { count: storedMessages } = (await (await fetch(`${url}/api/messages/count`, { headers: auth })).json()) as {
      count: number;
    };
    const storedPosts = new Set(
      ((await (await fetch(`${url}/api/blog`, { headers: auth })).json()) as Array<{ _id: number }>).map((row) => row._id),
    );
    const storedReferences = new Set((await everyRow<{ reference: string }>('/applications')).map((row) => row.reference));
    const storedViews = await viewsStored(url, auth, viewsCounted);
    const missingViews = Math.max(0, viewsCounted - storedViews);
    const missingApplications = [...applied].filter((reference) => !storedReferences.has(reference)).length;
    const missingSubscribers = [...subscribed].filter((email) => !storedEmails.has(email)).length;
    const missingPosts = createdPosts.filter((id) => !storedPosts.has(id)).length;
    // Memory is stable when the second half stays within a narrow band, whatever the heap grew to while warming up.
    const secondHalf = rssSamples.slice(Math.floor(rssSamples.length / 2));
    const rssCeiling = rssGrowthAllowed * rssStart;
    // With SMTP every subscribe, contact and pre-enrolment also sends mail, and the heap grows with
    // them: bench:load:newsletter judges the memory against the same load without the send.
    const rssOk = newsletter || (Math.max(...secondHalf) <= rssCeiling && rssStart <= rssStartAllowedMb);

    console.log(`
Mixed load on loopback: ${seconds} s, 16 connections (7 reads, each of the 5 that stand for a page followed by its count (POST /api/views) : 1 subscribe : 1 contact : 1 pre-enrolment per cycle) + 1 admin writer, SITE_REBUILD=${siteRebuild}${newsletter ? `, SMTP on loopback, ${newsletterRecipients.toLocaleString('en-US')} confirmed subscribers${sending ? ', a newsletter to them going out' : ''}` : ''}
| measure | value |
|---|---|
| CPU time: API / site builds (idle class, nice 19) | ${apiCpuSeconds.toFixed(1)} s / ${buildCpuSeconds.toFixed(1)} s${site.lastDurationMs ? ` (last build ${(site.lastDurationMs / 1000).toFixed(1)} s)` : ''} |
| requests | ${result.requests.total} (${result.requests.average.toFixed(0)} req/s) |
| latency p50 / p99 | ${result.latency.p50} / ${result.latency.p99} ms |
| error responses (non-2xx), errors, timeouts | ${result.non2xx}, ${result.errors}, ${result.timeouts} |
| admin writes acknowledged / failed | ${createdPosts.length} / ${adminErrors} |
| subscribes acknowledged / missing afterwards | ${subscribed.size} / ${missingSubscribers} |
| contacts acknowledged / stored (stored may exceed: answers cut off at the end) | ${contacts} / ${storedMessages} |
| pre-enrolments acknowledged / missing afterwards | ${applied.size} / ${missingApplications} |
| pages shown counted (204) / in the Interest report afterwards | ${viewsCounted} / ${storedViews} |
| posts acknowledged missing afterwards | ${missingPosts} |
| RSS start → end | ${rssStart.toFixed(0)} MB (≤ ${rssStartAllowedMb} MB: ${rssStart <= rssStartAllowedMb ? 'ok' : 'MISSED'}) → ${rssEnd.toFixed(0)} MB |
| RSS every ${rssSampleEveryMs / 1000} s | ${rssSamples.join(', ')} MB |
| RSS over the second half, min – max | ${Math.min(...secondHalf)} – ${Math.max(...secondHalf)} MB (≤ ${rssGrowthAllowed}× start, ${rssCeiling.toFixed(0)} MB: ${newsletter ? 'judged against the load without the send' : rssOk ? 'ok' : 'MISSED'}) |
${sent ? `| the newsletter when the load ended: sent / queued / retrying / failed / bounced | ${sent.counts.sent} / ${sent.counts.queued} / ${sent.counts.deferred} / ${sent.counts.failed} / ${sent.counts.bounced} |\n` : ''}`);
    const failed =
      result.non2xx +
        result.errors +
        result.timeouts +
        adminErrors +
        missingSubscribers +
        missingPosts +
        missingApplications +
        missingViews >
        0 ||
      storedMessages < contacts ||
      !rssOk;
    return { result, rssMax: Math.max(...rssSamples), childrenRssMax, failed, ...(send && { queuedMs: send.queuedMs }) };
  } finally {
    child.kill('SIGTERM');
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (newsletter) {
  const without = await runLoad({ newsletter, send: false });
  const during = await runLoad({ newsletter, send: true });
  process.exitCode = compareNewsletterRuns(without, during) ? 0 : 1;
} else if (siteRebuilds) {
  const without = await runLoad({ newsletter, send: false });
  const during = await runLoad({ newsletter, send: false, siteRebuild: 'local' });
  process.exitCode = compareRebuildRuns(without, during) ? 0 : 1;
} else {
  process.exitCode = (await runLoad({ newsletter, send: false })).failed ? 1 : 0;
}
