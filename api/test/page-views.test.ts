import { existsSync, readFileSync } from 'node:fs';
import { type PageViewInput, viewToken } from '@cfp/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ViewCounter } from '../src/interest/view-counter.ts';
import { buildTestApp } from './helper.ts';

const phoneBrowser =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const desktopBrowser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function view(path: string, fields: Partial<PageViewInput> = {}): PageViewInput {
  return { path, language: 'fr', source: 'none', screen: 'phone', token: viewToken(path), ...fields };
}

/** Posts a count as the page's beacon does: a urlencoded body, from an address and a browser. */
function postView(app: FastifyInstance, input: PageViewInput, from = { ip: '203.0.113.7', userAgent: phoneBrowser }) {
  return app.inject({
    method: 'POST',
    url: '/api/views',
    remoteAddress: from.ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', 'user-agent': from.userAgent },
    payload: new URLSearchParams({ ...input }).toString(),
  });
}

function countsOf(app: FastifyInstance) {
  app.viewCounter.flush();
  return {
    views: app.db.$client.prepare('select path, language, source, screen, views from page_views order by path, source').all(),
    readers: app.db.$client.prepare('select readers from daily_readers').pluck().all(),
  };
}

describe('counting the pages shown', () => {
  it('keeps daily totals per page, language, source and screen, and estimates the day’s readers', async () => {
    const app = await buildTestApp();
    const soudure = view('/formation/soudure', { source: 'whatsapp' });
    for (const input of [
      soudure,
      soudure,
      view('/en/programmes/welding', { language: 'en', source: 'google', screen: 'desktop' }),
    ])
      expect((await postView(app, input)).statusCode).toBe(204);
    await postView(app, soudure, { ip: '198.51.100.20', userAgent: desktopBrowser });

    expect(countsOf(app)).toEqual({
      views: [
        { path: '/en/programmes/welding', language: 'en', source: 'google', screen: 'desktop', views: 1 },
        { path: '/formation/soudure', language: 'fr', source: 'whatsapp', screen: 'phone', views: 3 },
      ],
      readers: [2],
    });
    // Written once more, the same totals add up.
    await postView(app, soudure);
    expect(countsOf(app).views).toContainEqual(expect.objectContaining({ path: '/formation/soudure', views: 4 }));
  });

  it('adds each count to its week, the Monday on or before its day, the page’s and the site’s, in the same write as the day', async () => {
    const app = await buildTestApp();
    let clock = new Date('2026-11-29T22:30:00Z');
    const counter = new ViewCounter(app.db, { timeZone: 'Africa/Douala', flushMs: 60_000, now: () => clock });
    const reader = { address: '203.0.113.7', userAgent: phoneBrowser };
    // Sunday 23:30 and Monday 00:30 in Douala, then the Sunday after.
    for (const moment of ['2026-11-29T22:30:00Z', '2026-11-29T23:30:00Z', '2026-12-06T12:00:00Z']) {
      clock = new Date(moment);
      counter.count(view('/faq'), reader);
    }
    counter.flush();
    const rows = (table: string, period: string) =>
      app.db.$client.prepare(`select ${period} as period, views from ${table} order by ${period}`).all();
    expect(rows('page_views', 'day')).toEqual([
      { period: '2026-11-29', views: 1 },
      { period: '2026-11-30', views: 1 },
      { period: '2026-12-06', views: 1 },
    ]);
    expect(rows('page_view_weeks', 'week')).toEqual([
      { period: '2026-11-23', views: 1 },
      { period: '2026-11-30', views: 2 },
    ]);
    expect(rows('site_view_weeks', 'week')).toEqual(rows('page_view_weeks', 'week'));
  });

  it('counts nothing from a request without the page’s token, a crawler, or an address past its limit', async () => {
    const app = await buildTestApp();
    const forged = await postView(app, view('/formation/soudure', { token: viewToken('/faq') }));
    expect(forged.statusCode).toBe(400);
    const crawled = await postView(app, view('/faq'), {
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)',
    });
    expect(crawled.statusCode).toBe(204);
    const headless = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 HeadlessChrome/131.0 Safari/537.36' };
    await postView(app, view('/faq'), headless);
    expect(countsOf(app).views).toEqual([]);

    for (let shown = 0; shown < 70; shown += 1) await postView(app, view('/faq'));
    expect(countsOf(app).views).toEqual([expect.objectContaining({ path: '/faq', views: 60 })]);
  });

  it('keeps no address and no user agent anywhere in the database, its days, weeks and readers included', async () => {
    const app = await buildTestApp();
    await postView(app, view('/contact'), { ip: '203.0.113.99', userAgent: phoneBrowser });
    app.viewCounter.flush();
    const tables = app.db.$client
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .pluck()
      .all() as string[];
    for (const table of ['page_views', 'page_view_weeks', 'site_view_weeks', 'daily_readers'])
      expect(app.db.$client.prepare(`select count(*) from ${table}`).pluck().get(), table).toBe(1);
    const cells = tables.flatMap((table) =>
      app.db.$client
        .prepare(`select * from "${table}"`)
        .all()
        .flatMap((row) => Object.values(row as Record<string, unknown>).map(String)),
    );
    expect(cells.filter((cell) => cell.includes('203.0.113.99') || cell.includes('Android'))).toEqual([]);
    // Nor in the file's bytes, the write-ahead log's included: no row, index or freed page holds them.
    const file = app.db.$client.name;
    const bytes = Buffer.concat([readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0)]);
    expect([bytes.includes('203.0.113.99'), bytes.includes('Android')]).toEqual([false, false]);
  });
});
