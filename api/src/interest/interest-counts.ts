import { type ViewSource, viewSources } from '@cfp/shared';
import { and, gte, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { applications, contactMessages, dailyReaders, pageViewWeeks, programmePagePaths, siteViewWeeks } from '../db/schema.ts';

/*
 * The Interest report's figures, each summed by SQLite over a period: the weekly page counts (never
 * the daily ones, a year of which is a few hundred thousand rows), the readers of its days, and the
 * pre-enrolments and messages of each of its weeks.
 */

/** A programme's page: /formation/soudure in French, /en/programmes/welding in English (programmePagePaths). */
export const frenchProgrammePage = '/formation/';
export const englishProgrammePage = '/en/programmes/';

const viewsFrom = (source: ViewSource) =>
  sql<number>`coalesce(sum(${pageViewWeeks.views}) filter (where ${pageViewWeeks.source} = ${source}), 0)`;
const viewsBySource = Object.fromEntries(viewSources.map((source) => [source, viewsFrom(source)])) as Record<
  ViewSource,
  SQL<number>
>;

/**
 * The programme pages' views per week and page, by source, from the week starting `firstWeek`:
 * one row per page and week, summed from the index that holds these pages' views alone
 * (page_view_weeks_programmes).
 */
export function programmePageWeeks(db: Db, firstWeek: string) {
  return db
    .select({ week: pageViewWeeks.week, path: pageViewWeeks.path, ...viewsBySource })
    .from(pageViewWeeks)
    .where(and(gte(pageViewWeeks.week, firstWeek), sql`(${programmePagePaths})`))
    .groupBy(pageViewWeeks.week, pageViewWeeks.path);
}

/** Every page's views per source and screen class, from the week starting `firstWeek`. */
export function siteViews(db: Db, firstWeek: string) {
  return db
    .select({ source: siteViewWeeks.source, screen: siteViewWeeks.screen, views: sum(siteViewWeeks.views).mapWith(Number) })
    .from(siteViewWeeks)
    .where(gte(siteViewWeeks.week, firstWeek))
    .groupBy(siteViewWeeks.source, siteViewWeeks.screen);
}

/** The readers of each day from `firstDay` to `lastDay`, summed. */
export function readersBetween(db: Db, firstDay: string, lastDay: string): number {
  const [row] = db
    .select({ readers: sum(dailyReaders.readers).mapWith(Number) })
    .from(dailyReaders)
    .where(and(gte(dailyReaders.day, firstDay), lte(dailyReaders.day, lastDay)))
    .all();
  return row?.readers ?? 0;
}

/*
 * The pre-enrolments and messages are put in their weeks by SQLite: for each week (json_each),
 * the rows created between its two midnights, read by created_at's index. CROSS JOIN keeps that
 * order, and the + before repeat_of keeps its index out: left to itself, SQLite read every
 * application not a repeat (by that index) for each week, 30 ms for a year of them instead of 1.
 */

/** A week of the report as the moments it starts and ends, in ms (the centre's midnights). */
export type WeekBounds = Array<[start: number, end: number]>;

/**
 * The pre-enrolments of each week (its index in `weeks`), per programme. A repeat (the same phone
 * and programme within a day, docs/decisions/0019) is the same student: not counted again.
 */
export function preEnrolmentsByWeek(db: Db, weeks: WeekBounds) {
  return db.all<{ week: number; programme: string; count: number }>(sql`
    select week.key as week, ${applications.programme} as programme, count(*) as count
    from json_each(${JSON.stringify(weeks)}) as week
    cross join ${applications} on ${applications.createdAt} >= week.value ->> 0 and ${applications.createdAt} < week.value ->> 1
    where +${applications.repeatOf} is null
    group by week.key, ${applications.programme}`);
}

/** The contact messages naming a programme, of each week (its index in `weeks`): callback requests and the others. */
export function messagesByWeek(db: Db, weeks: WeekBounds) {
  return db.all<{ week: number; programme: string; callback: 0 | 1; count: number }>(sql`
    select week.key as week, ${contactMessages.programme} as programme, ${contactMessages.kind} = 'callback' as callback,
      count(*) as count
    from json_each(${JSON.stringify(weeks)}) as week
    cross join ${contactMessages}
      on ${contactMessages.createdAt} >= week.value ->> 0 and ${contactMessages.createdAt} < week.value ->> 1
    where ${contactMessages.programme} is not null
    group by week.key, ${contactMessages.programme}, callback`);
}
