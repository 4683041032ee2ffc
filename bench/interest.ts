import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isoDayIn, screenClasses, viewSources } from '@cfp/shared';
import Database from 'better-sqlite3';
import { median, withSeededApi, workspaceRoot } from './support.ts';

/**
 * `pnpm --filter @cfp/bench bench:interest`: the Interest report (GET /api/interest?weeks=52) and
 * its CSV over a year of daily page counts for PAGES (300) pages, with their weekly sums, readers,
 * pre-enrolments and messages, in a real database file through the real API. Fails when the
 * report's median passes 100 ms.
 */

const pageCount = Number(process.env.PAGES ?? 300);
const days = 365;
const runs = 15;
const target = { reportMs: 100 };
const admin = { email: 'interest@centre.test', password: 'interest bench passphrase' };
const timeZone = 'Africa/Douala';

/** The same pseudo-random figures each run. */
function randoms(seed = 49) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

const contentFolder = (folder: string) =>
  readdirSync(path.join(workspaceRoot, 'content', folder)).filter((file) => file.endsWith('.md'));
const programmes = contentFolder('formations').map((file) => file.replace(/\.md$/, ''));
const englishSlugs = contentFolder('en/formations').map(
  (file) =>
    readFileSync(path.join(workspaceRoot, 'content/en/formations', file), 'utf8').match(/^slug: "?([\w-]+)"?$/m)?.[1] ?? '',
);

/** The programmes' pages in both languages, the main pages, then blog posts up to `pageCount`. */
function sitePages(): Array<{ path: string; language: 'fr' | 'en' }> {
  const pages = [
    ...programmes.map((slug) => ({ path: `/formation/${slug}`, language: 'fr' as const })),
    ...englishSlugs.map((slug) => ({ path: `/en/programmes/${slug}`, language: 'en' as const })),
    ...['/', '/formations', '/contact', '/faq', '/a-propos', '/blog'].map((page) => ({ path: page, language: 'fr' as const })),
    ...['/en', '/en/programmes', '/en/contact', '/en/faq'].map((page) => ({ path: page, language: 'en' as const })),
  ];
  for (let post = 1; pages.length < pageCount; post += 1) pages.push({ path: `/blog/article-${post}`, language: 'fr' });
  return pages.slice(0, pageCount);
}

const combinations = viewSources.flatMap((source) => screenClasses.map((screen) => ({ source, screen })));

/** A year of daily counts (3 to 5 source and screen classes a page a day), their weeks, readers, applications and messages. */
function seed(file: string): { dailyRows: number; weeklyRows: number } {
  const db = new Database(file);
  const random = randoms();
  const pages = sitePages();
  const today = Date.parse(`${isoDayIn(new Date(), timeZone)}T12:00:00Z`);
  const dayOf = (back: number) => new Date(today - back * 86_400_000).toISOString().slice(0, 10);
  const insertView = db.prepare('insert into page_views (day, path, language, source, screen, views) values (?, ?, ?, ?, ?, ?)');
  const insertReaders = db.prepare('insert into daily_readers (day, readers) values (?, ?)');
  const insertApplication = db.prepare(
    `insert into applications (reference, programme, first_name, last_name, phone, town, level, forwarding, created_at, updated_at)
     values (?, ?, 'Awa', 'Mbarga', ?, 'Nkoabang', 'bepc', 'sent', ?, ?)`,
  );
  const insertMessage = db.prepare(
    `insert into contact_messages (kind, first_name, last_name, phone, message, programme, forwarding, created_at)
     values (?, 'Serge', '', '+237699001122', '', ?, 'sent', ?)`,
  );
  let dailyRows = 0;
  db.transaction(() => {
    for (let back = days - 1; back >= 0; back -= 1) {
      const day = dayOf(back);
      for (const [index, page] of pages.entries()) {
        const popularity = index < 2 * programmes.length ? 20 : 6;
        const shown = 3 + Math.floor(random() * 3);
        const first = Math.floor(random() * combinations.length);
        for (let combination = 0; combination < shown; combination += 1) {
          const shownFrom = combinations[(first + combination * 5) % combinations.length];
          if (!shownFrom) continue;
          insertView.run(
            day,
            page.path,
            page.language,
            shownFrom.source,
            shownFrom.screen,
            1 + Math.floor(random() * popularity),
          );
          dailyRows += 1;
        }
      }
      insertReaders.run(day, 150 + Math.floor(random() * 100));
      const midday = today - back * 86_400_000;
      for (let application = 0; application < 6; application += 1) {
        const programme = programmes[Math.floor(random() * programmes.length)];
        const reference = `PI-${back}-${application}`;
        insertApplication.run(reference, programme, `+2376${String(back * 10 + application).padStart(8, '0')}`, midday, midday);
      }
      for (let message = 0; message < 3; message += 1) {
        const programme = random() < 0.8 ? programmes[Math.floor(random() * programmes.length)] : null;
        insertMessage.run(message === 0 ? 'callback' : 'message', programme, midday + message * 60_000);
      }
    }
    // The weekly sums, as the counter writes them beside the days (and migration 0013 adds them up).
    db.exec(`insert into page_view_weeks (week, path, language, source, screen, views)
      select date(day, '-6 days', 'weekday 1'), path, language, source, screen, sum(views) from page_views
      group by 1, path, language, source, screen`);
    db.exec(`insert into site_view_weeks (week, source, screen, views)
      select date(day, '-6 days', 'weekday 1'), source, screen, sum(views) from page_views group by 1, source, screen`);
  })();
  const weeklyRows = db.prepare('select count(*) from page_view_weeks').pluck().get() as number;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { dailyRows, weeklyRows };
}

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - started, bytes: body.byteLength };
}

async function measure(url: string, headers: Record<string, string>) {
  const first = await timed(url, headers);
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) samples.push((await timed(url, headers)).ms);
  samples.sort((a, b) => a - b);
  return { first: first.ms, median: median(samples), worst: samples.at(-1) ?? 0, bytes: first.bytes };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  // The year of daily rows stays: the default PAGE_VIEW_DAYS_KEPT would delete all but 90 days of them at start.
  const env = { PAGE_VIEW_DAYS_KEPT: '400', TIME_ZONE: timeZone };
  await withSeededApi(
    { prefix: 'cfp-interest-', admin, env, seed },
    async ({ url, headers, seeded, seedSeconds, databaseBytes }) => {
      const { dailyRows, weeklyRows } = seeded;
      const cases: Array<[string, string]> = [
        ['report, 52 weeks', '/api/interest?weeks=52'],
        ['report, 4 weeks', '/api/interest?weeks=4'],
        ['CSV export, 52 weeks', '/api/interest/export.csv?weeks=52'],
      ];
      const rows: string[] = [];
      let reportMedian = Number.NaN;
      for (const [name, route] of cases) {
        const result = await measure(`${url}${route}`, headers);
        if (route.endsWith('weeks=52') && route.startsWith('/api/interest?')) reportMedian = result.median;
        rows.push(
          `| ${name} | ${ms(result.first)} | ${ms(result.median)} | ${ms(result.worst)} | ${(result.bytes / 1024).toFixed(0)} KB |`,
        );
      }
      const ok = reportMedian < target.reportMs;
      console.log(`
## Interest report over a year of daily counts: ${pageCount} pages × ${days} days (seeded in ${seedSeconds.toFixed(1)} s)

${dailyRows.toLocaleString('en-US')} daily rows (page_views), ${weeklyRows.toLocaleString('en-US')} weekly rows (page_view_weeks), ${(days * 6).toLocaleString('en-US')} pre-enrolments, ${(days * 3).toLocaleString('en-US')} messages; database ${(databaseBytes / 1024 / 1024).toFixed(0)} MB

| request (${runs} runs after a first, sequential) | first | median | worst | answer |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

Report, 52 weeks: median ${ms(reportMedian)} (< ${target.reportMs} ms: ${ok ? 'ok' : 'MISSED'})
`);
      if (!ok) process.exitCode = 1;
    },
  );
}

await main();
