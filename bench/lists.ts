import { readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { rssMegabytes, withSeededApi, workspaceRoot } from './support.ts';

/**
 * `pnpm --filter @cfp/bench bench:lists`: the admin's lists over APPLICATIONS (default 100,000)
 * applications in a real database file, through the real API. Times a page (first and far, with
 * a filter, with a search), the badge's count and the facets; then, during a full CSV export,
 * samples /api/health every 50 ms and the API's RSS. Fails on a target missed: page < 100 ms,
 * count < 20 ms (p95), health < 200 ms at worst, RSS growth < 100 MB.
 */

const applicationCount = Number(process.env.APPLICATIONS ?? 100_000);
const repeats = 30;
const admin = { email: 'lists@centre.test', password: 'lists bench passphrase' };
const targets = { pageMs: 100, countMs: 20, healthMs: 200, rssGrowthMb: 100 };

const programmes = readdirSync(path.join(workspaceRoot, 'content/formations'))
  .filter((file) => file.endsWith('.md'))
  .map((file) => file.replace(/\.md$/, ''));
const statuses = ['new', 'contacted', 'enrolled', 'declined', 'withdrawn'];
const firstNames = [
  'Awa',
  'Jean-Paul',
  'Aïcha',
  'Serge',
  'Élodie',
  'Paul',
  'Nadia',
  'Boris',
  'Christelle',
  'Hervé',
  'Mireille',
  'Junior',
];
const lastNames = [
  'Mbarga',
  'Essomba',
  'Ngono',
  'Fotso',
  'Tchamba',
  'Onana',
  'Abena',
  'Kamga',
  'Nkoulou',
  'Eto',
  'Manga',
  'Bella',
  'Owona',
  'Atangana',
  'Djoumessi',
  'Tchoumi',
  'Zambo',
  'Nguema',
  'Mvondo',
  'Biya',
  'Ekambi',
  'Foe',
  'Moukoko',
  'Simo',
];
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const referenceOf = (index: number) =>
  `PI-${Array.from({ length: 6 }, (_, place) => alphabet[Math.floor(index / alphabet.length ** place) % alphabet.length]).join('')}`;
const phoneOf = (index: number) => `+2376${String(10_000_000 + index * 7).slice(-8)}`;

/** One transaction of prepared inserts: 100,000 rows in a few seconds. */
function seed(file: string) {
  const db = new Database(file);
  const insert = db.prepare(
    `insert into applications (reference, programme, first_name, last_name, phone, town, level, schedule, intake,
       heard_from, message, status, note, forwarding, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'Yaoundé, Bastos', 'bepc', 'jour', ?, 'facebook', ?, ?, ?, 'not_configured', ?, ?)`,
  );
  const start = Date.now() - applicationCount * 60_000;
  const message = 'Bonjour, je voudrais savoir quand commence la prochaine rentrée et quels documents apporter. '.repeat(4);
  db.transaction(() => {
    for (let index = 0; index < applicationCount; index += 1) {
      const createdAt = start + index * 60_000;
      insert.run(
        referenceOf(index),
        programmes[index % programmes.length],
        firstNames[index % firstNames.length],
        lastNames[Math.floor(index / firstNames.length) % lastNames.length],
        phoneOf(index),
        index % 3 ? '2027-01-11' : '2027-10-04',
        message,
        statuses[index % 7 === 0 ? 1 : index % 11 === 0 ? 2 : index % 13 === 0 ? 3 : 0],
        index % 5 === 0 ? 'Rappeler samedi; "urgent"' : null,
        createdAt,
        createdAt,
      );
    }
  })();
  db.close();
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;

async function time(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

async function measure(url: string, headers: Record<string, string>) {
  await time(url, headers);
  const samples: number[] = [];
  for (let run = 0; run < repeats; run += 1) samples.push(await time(url, headers));
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

/** Reads the whole export while /api/health is asked every 50 ms and the API's RSS sampled. */
async function exportUnderWatch(base: string, headers: Record<string, string>, pid: number) {
  const rssBefore = rssMegabytes(pid);
  let rssPeak = rssBefore;
  const health: number[] = [];
  let exporting = true;
  const watcher = (async () => {
    while (exporting) {
      const started = performance.now();
      await time(`${base}/api/health`, {});
      health.push(performance.now() - started);
      rssPeak = Math.max(rssPeak, rssMegabytes(pid));
      await sleep(Math.max(0, 50 - (performance.now() - started)));
    }
  })();
  const started = performance.now();
  const response = await fetch(`${base}/api/applications/export.csv`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body ?? []) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  exporting = false;
  await watcher;
  health.sort((a, b) => a - b);
  return { seconds, bytes, rows: lines - 1, rssBefore, rssPeak, health };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  await withSeededApi({ prefix: 'cfp-lists-', admin, seed }, async ({ url, child, headers, seedSeconds }) => {
    const farPage = Math.max(1, Math.floor(applicationCount / 20) - 1);
    const cases: [string, string, number][] = [
      ['page 1', '/api/applications', targets.pageMs],
      [`page ${farPage} (far)`, `/api/applications?page=${farPage}`, targets.pageMs],
      ['status=contacted, page 1', '/api/applications?status=contacted', targets.pageMs],
      ['status=contacted, far page', `/api/applications?status=contacted&page=${Math.floor(farPage / 7)}`, targets.pageMs],
      [`programme=${programmes[0]}`, `/api/applications?programme=${programmes[0]}`, targets.pageMs],
      ['q=name (Awa Mbarga)', `/api/applications?q=${encodeURIComponent('Awa Mbarga')}`, targets.pageMs],
      ['q=phone, spaced (6 10 00 03 50)', `/api/applications?q=${encodeURIComponent('6 10 00 03 50')}`, targets.pageMs],
      ['q=part of a phone (03 50)', `/api/applications?q=${encodeURIComponent('03 50')}`, targets.pageMs],
      ['q=last name (Mbarga, 1 in 24)', '/api/applications?q=mbarga', targets.pageMs],
      ['q=reference', `/api/applications?q=${referenceOf(4242).slice(3).toLowerCase()}`, targets.pageMs],
      ['q=name + status + far page', `/api/applications?q=Mbarga&status=new&page=100`, targets.pageMs],
      ['badge count (status=new)', '/api/applications/count?status=new', targets.countMs],
      ['facets', '/api/applications/facets', targets.pageMs],
    ];
    const rows: string[] = [];
    let failed = false;
    for (const [name, route, target] of cases) {
      const { median, p95 } = await measure(`${url}${route}`, headers);
      const ok = p95 < target;
      failed ||= !ok;
      rows.push(`| ${name} | ${ms(median)} | ${ms(p95)} | < ${target} ms | ${ok ? 'ok' : 'MISSED'} |`);
    }
    const exported = await exportUnderWatch(url, headers, child.pid as number);
    const healthMax = exported.health.at(-1) ?? 0;
    const rssGrowth = exported.rssPeak - exported.rssBefore;
    const healthOk = healthMax < targets.healthMs;
    const rssOk = rssGrowth < targets.rssGrowthMb;
    failed ||= !healthOk || !rssOk || exported.rows !== applicationCount;
    console.log(`
## Admin lists over ${applicationCount.toLocaleString('en-US')} applications (seeded in ${seedSeconds.toFixed(1)} s)

| request (${repeats} runs, sequential) | median | p95 | target (p95) | |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

| full CSV export | |
| --- | --- |
| rows, size, time | ${exported.rows.toLocaleString('en-US')} rows, ${(exported.bytes / 1024 / 1024).toFixed(1)} MB, ${exported.seconds.toFixed(1)} s |
| /api/health every 50 ms meanwhile (${exported.health.length} samples) | median ${ms(percentile(exported.health, 0.5))}, p95 ${ms(percentile(exported.health, 0.95))}, max ${ms(healthMax)} (< ${targets.healthMs} ms: ${healthOk ? 'ok' : 'MISSED'}) |
| API RSS | ${exported.rssBefore.toFixed(0)} MB → peak ${exported.rssPeak.toFixed(0)} MB, +${rssGrowth.toFixed(0)} MB (< +${targets.rssGrowthMb} MB: ${rssOk ? 'ok' : 'MISSED'}) |
`);
    if (failed) process.exitCode = 1;
  });
}

await main();
