import { formatCalendarDay, type InterestReport, type PageViewInput, viewToken } from '@cfp/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { applications, contactMessages, dailyReaders } from '../src/db/schema.ts';
import { programmePageWeeks, siteViews } from '../src/interest/interest-counts.ts';
import { interestReport } from '../src/interest/interest-report.ts';
import { ViewCounter } from '../src/interest/view-counter.ts';
import { buildTestApp, loginAs } from './helper.ts';

/** A Wednesday; the centre is in Africa/Douala (UTC+1, no daylight saving), the tests' default TIME_ZONE. */
const now = new Date('2026-11-25T10:00:00Z');
const fourWeeks = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'];
const reader = { address: '203.0.113.7', userAgent: 'Mozilla/5.0 (Linux; Android 13) Chrome/131.0 Mobile Safari/537.36' };

function view(path: string, fields: Partial<PageViewInput> = {}): PageViewInput {
  return { path, language: 'fr', source: 'none', screen: 'phone', token: viewToken(path), ...fields };
}

/** Counts pages as the API does, on the days given (noon, the centre's time), and writes them. */
function countOn(app: FastifyInstance, shown: Array<[day: string, view: PageViewInput, times?: number]>) {
  let clock = now;
  const counter = new ViewCounter(app.db, { timeZone: app.config.timeZone, flushMs: 60_000, now: () => clock });
  for (const [day, input, times = 1] of shown) {
    clock = new Date(`${day}T11:00:00Z`);
    for (let time = 0; time < times; time += 1) counter.count(input, reader);
  }
  counter.flush();
}

let references = 0;

function apply(app: FastifyInstance, programme: string, at: string, repeatOf: number | null = null): number {
  references += 1;
  const moment = new Date(at);
  return app.db
    .insert(applications)
    .values({
      reference: `PI-TEST${references}`,
      programme,
      firstName: 'Awa',
      lastName: 'Mbarga',
      phone: '+237699001122',
      town: 'Nkoabang',
      level: 'bepc',
      forwarding: 'sent',
      repeatOf,
      createdAt: moment,
      updatedAt: moment,
    })
    .returning({ id: applications.id })
    .get().id;
}

function write(app: FastifyInstance, kind: 'message' | 'callback', programme: string | null, at: string): void {
  app.db
    .insert(contactMessages)
    .values({
      kind,
      firstName: 'Serge',
      lastName: '',
      phone: '+237699001122',
      message: '',
      programme,
      forwarding: 'sent',
      createdAt: new Date(at),
    })
    .run();
}

const reportOf = (app: FastifyInstance, weeks = 4) =>
  interestReport(app.db, app.catalogue, { weeks, timeZone: app.config.timeZone, now });

const programmeOf = (report: ReturnType<typeof reportOf>, slug: string) => report.programmes.find((row) => row.slug === slug);

const counts = (fields: Partial<Record<'viewsFr' | 'viewsEn' | 'preEnrolments' | 'callbacks' | 'messages', number>>) => ({
  viewsFr: 0,
  viewsEn: 0,
  preEnrolments: 0,
  callbacks: 0,
  messages: 0,
  ...fields,
});

describe('the Interest report', () => {
  it('covers the weeks ending with the current one, Monday to Sunday in the centre’s calendar', async () => {
    const app = await buildTestApp();
    const report = reportOf(app);
    expect(report.weeks).toEqual(fourWeeks);
    expect(report.to).toBe('2026-11-25');
    expect(reportOf(app, 1).weeks).toEqual(['2026-11-23']);
  });

  it('counts each programme’s pages by language, week and source exactly as they were shown', async () => {
    const app = await buildTestApp();
    countOn(app, [
      ['2026-11-10', view('/formation/soudure', { source: 'whatsapp' }), 3],
      ['2026-11-15', view('/formation/soudure', { source: 'google', screen: 'desktop' })],
      ['2026-11-16', view('/en/programmes/welding', { language: 'en', source: 'facebook' }), 2],
      ['2026-11-25', view('/formation/soudure', { source: 'whatsapp', screen: 'tablet' })],
      // Before the period, and a page that is no programme's.
      ['2026-11-01', view('/formation/soudure'), 5],
      ['2026-11-24', view('/faq', { source: 'internal' }), 4],
    ]);

    const report = reportOf(app);
    expect(programmeOf(report, 'soudure')).toEqual({
      slug: 'soudure',
      title: 'Soudure',
      department: 'industriel-technique',
      totals: counts({ viewsFr: 5, viewsEn: 2 }),
      weeks: [counts({}), counts({ viewsFr: 4 }), counts({ viewsEn: 2 }), counts({ viewsFr: 1 })],
      sources: { whatsapp: 4, facebook: 2, google: 1, other: 0, none: 0, internal: 0 },
    });
    expect(programmeOf(report, 'chaudronnerie')?.totals).toEqual(counts({}));
    expect(report.sources).toEqual({ whatsapp: 4, facebook: 2, google: 1, other: 0, none: 0, internal: 4 });
    expect(report.screens).toEqual({ phone: 9, tablet: 1, desktop: 1 });
  });

  it('puts each pre-enrolment, callback request and message on its programme and week, by the centre’s calendar', async () => {
    const app = await buildTestApp();
    // Sunday 23:30 and Monday 00:30 in Douala: one week apart, though the same day in UTC.
    const first = apply(app, 'soudure', '2026-11-15T22:30:00Z');
    apply(app, 'soudure', '2026-11-15T23:30:00Z');
    // Sent again within the day: the same student, not counted twice.
    apply(app, 'soudure', '2026-11-16T08:00:00Z', first);
    apply(app, 'chaudronnerie', '2026-11-03T09:00:00Z');
    apply(app, 'soudure', '2026-10-30T09:00:00Z');
    write(app, 'callback', 'soudure', '2026-11-24T09:00:00Z');
    write(app, 'message', 'soudure', '2026-11-24T10:00:00Z');
    write(app, 'message', 'soudure', '2026-11-02T10:00:00Z');
    write(app, 'message', null, '2026-11-24T11:00:00Z');

    const report = reportOf(app);
    expect(programmeOf(report, 'soudure')?.weeks).toEqual([
      counts({ messages: 1 }),
      counts({ preEnrolments: 1 }),
      counts({ preEnrolments: 1 }),
      counts({ callbacks: 1, messages: 1 }),
    ]);
    expect(programmeOf(report, 'soudure')?.totals).toEqual(counts({ preEnrolments: 2, callbacks: 1, messages: 2 }));
    expect(programmeOf(report, 'chaudronnerie')?.weeks[0]).toEqual(counts({ preEnrolments: 1 }));
  });

  it('keeps a programme no longer in the content while it has counts in the period, after the content’s own', async () => {
    const app = await buildTestApp();
    countOn(app, [
      ['2026-11-17', view('/formation/tissage', { source: 'other' }), 2],
      // Gone before the period: not listed.
      ['2026-10-20', view('/formation/poterie')],
    ]);
    apply(app, 'tissage', '2026-11-24T09:00:00Z');
    apply(app, 'vannerie', '2026-11-10T09:00:00Z');

    const { programmes } = reportOf(app);
    expect(programmes.slice(-2)).toEqual([
      {
        slug: 'tissage',
        title: 'tissage',
        department: null,
        totals: counts({ viewsFr: 2, preEnrolments: 1 }),
        weeks: [counts({}), counts({}), counts({ viewsFr: 2 }), counts({ preEnrolments: 1 })],
        sources: { whatsapp: 0, facebook: 0, google: 0, other: 2, none: 0, internal: 0 },
      },
      expect.objectContaining({ slug: 'vannerie', title: 'vannerie', department: null }),
    ]);
    expect(programmes.map(({ slug }) => slug)).not.toContain('poterie');
    // The content's programmes come first, in the site's order: its departments', then theirs.
    expect(programmes.filter(({ department }) => department !== null)).toHaveLength(app.catalogue.programmeList().length);
    expect(programmes[0]?.slug).toBe(app.catalogue.programmeList()[0]?.slug);
  });

  it('sums each department’s programmes, in the content’s order, with its title', async () => {
    const app = await buildTestApp();
    countOn(app, [
      ['2026-11-20', view('/formation/soudure'), 3],
      ['2026-11-20', view('/en/programmes/boilermaking', { language: 'en' }), 2],
      ['2026-11-20', view('/formation/anglais')],
    ]);
    apply(app, 'chaudronnerie', '2026-11-20T09:00:00Z');

    const { departments } = reportOf(app);
    expect(departments.find(({ slug }) => slug === 'industriel-technique')).toEqual({
      slug: 'industriel-technique',
      title: 'Industriel et technique',
      totals: counts({ viewsFr: 3, viewsEn: 2, preEnrolments: 1 }),
    });
    expect(departments.find(({ slug }) => slug === 'langues')?.totals).toEqual(counts({ viewsFr: 1 }));
    expect(departments).toHaveLength(8);
    const order = app.catalogue.programmeList().map(({ department }) => department);
    expect(departments.map(({ slug }) => slug)).toEqual([...new Set(order)]);
  });

  it('reads the programme pages’ weeks from their own index, and the site’s figures from its weekly totals, never every page’s rows', async () => {
    const app = await buildTestApp();
    const plan = (query: { sql: string; params: unknown[] }) =>
      (app.db.$client.prepare(`explain query plan ${query.sql}`).all(...query.params) as Array<{ detail: string }>).map(
        ({ detail }) => detail,
      );
    expect(plan(programmePageWeeks(app.db, '2026-11-02').toSQL())).toEqual([
      'SEARCH page_view_weeks USING COVERING INDEX page_view_weeks_programmes (week>?)',
    ]);
    expect(plan(siteViews(app.db, '2026-11-02').toSQL())).toContainEqual(expect.stringMatching(/^SEARCH site_view_weeks /));
  });

  it('sums the readers of the period’s days', async () => {
    const app = await buildTestApp();
    app.db
      .insert(dailyReaders)
      .values([
        { day: '2026-11-01', readers: 100 },
        { day: '2026-11-02', readers: 7 },
        { day: '2026-11-25', readers: 5 },
      ])
      .run();
    expect(reportOf(app).readers).toBe(12);
  });
});

describe('GET /api/interest and its CSV export', () => {
  /** Posts a count as the page's beacon does. */
  const postView = (app: FastifyInstance, input: PageViewInput) =>
    app.inject({
      method: 'POST',
      url: '/api/views',
      remoteAddress: reader.address,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': reader.userAgent },
      payload: new URLSearchParams({ ...input }).toString(),
    });

  it('answers the report of the weeks asked, ending with the current one, to a signed-in admin', async () => {
    const app = await buildTestApp();
    await postView(app, view('/formation/soudure', { source: 'facebook' }));
    app.viewCounter.flush();
    const token = await loginAs(app);
    const response = await app.inject({ url: '/api/interest?weeks=2', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const report = response.json<InterestReport>();
    expect(report.weeks).toHaveLength(2);
    expect(programmeOf(report, 'soudure')?.weeks).toEqual([counts({}), counts({ viewsFr: 1 })]);
    expect(programmeOf(report, 'soudure')?.sources.facebook).toBe(1);
    const defaults = await app.inject({ url: '/api/interest', headers: { authorization: `Bearer ${token}` } });
    expect(defaults.json<InterestReport>().weeks).toHaveLength(52);
    const tooMany = await app.inject({ url: '/api/interest?weeks=54', headers: { authorization: `Bearer ${token}` } });
    expect(tooMany.statusCode).toBe(400);
  });

  it('exports one line per programme and week for a French spreadsheet', async () => {
    const app = await buildTestApp();
    await postView(app, view('/formation/soudure'));
    await postView(app, view('/formation/soudure', { source: 'google' }));
    await postView(app, view('/en/programmes/welding', { language: 'en' }));
    app.viewCounter.flush();
    apply(app, 'soudure', new Date().toISOString());
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    const report = (await app.inject({ url: '/api/interest?weeks=3', headers })).json<InterestReport>();

    const response = await app.inject({ url: '/api/interest/export.csv?weeks=3', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="interest-${report.to}.csv"`);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Programme";"Department";"Week starting";"Views in French";"Views in English";"Pre-enrolments";"Callback requests";"Contact messages";"Applied per 100 views"',
    );
    const thisWeek = formatCalendarDay(report.weeks[2] ?? '');
    expect(lines).toContain(`"Soudure";"Industriel et technique";"${thisWeek}";"2";"1";"1";"0";"0";"33,3"`);
    expect(lines).toContain(
      `"Soudure";"Industriel et technique";"${formatCalendarDay(report.weeks[0] ?? '')}";"0";"0";"0";"0";"0";""`,
    );
    // A header, three weeks of every programme, and the last line's end.
    expect(lines).toHaveLength(1 + 3 * report.programmes.length + 1);
  });

  it('refuses the report and its export without a session', async () => {
    const app = await buildTestApp();
    for (const url of ['/api/interest', '/api/interest/export.csv']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
