import {
  type DepartmentInterest,
  type InterestCounts,
  type InterestQuery,
  type InterestReport,
  isoDayIn,
  type ProgrammeInterest,
  type ProgrammeSummary,
  screenClasses,
  viewSources,
} from '@cfp/shared';
import type { Db } from '../db/database.ts';
import { addDays, startOfDayIn, weeksEnding } from './calendar-weeks.ts';
import {
  englishProgrammePage,
  frenchProgrammePage,
  messagesByWeek,
  preEnrolmentsByWeek,
  programmePageWeeks,
  readersBetween,
  siteViews,
  type WeekBounds,
} from './interest-counts.ts';

/** What the report needs of the content: its programmes in order, and each one's English page. */
export interface InterestCatalogue {
  programmeList(): ProgrammeSummary[];
  programmeIn(locale: 'en', slug: string): { pageSlug: string } | undefined;
}

const noCounts = (): InterestCounts => ({ viewsFr: 0, viewsEn: 0, preEnrolments: 0, callbacks: 0, messages: 0 });
const countFields = Object.keys(noCounts()) as Array<keyof InterestCounts>;

function addCounts(into: InterestCounts, counts: InterestCounts): void {
  for (const field of countFields) into[field] += counts[field];
}

const zeroes = <Key extends string>(keys: readonly Key[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;

/** The programmes of the report by their French slug, filled in as the counts come. */
class ProgrammeRows {
  readonly bySlug = new Map<string, ProgrammeInterest>();
  private readonly weekCount: number;

  constructor(weekCount: number, programmes: ProgrammeSummary[]) {
    this.weekCount = weekCount;
    for (const { slug, title, department } of programmes) this.add(slug, title, department);
  }

  /** The programme, added at the end (title its slug, no department) when it is no longer in the content. */
  of(slug: string): ProgrammeInterest {
    return this.bySlug.get(slug) ?? this.add(slug, slug, null);
  }

  /** The content's programmes in its order, then those no longer in it by slug. */
  list(): ProgrammeInterest[] {
    const rows = [...this.bySlug.values()];
    const gone = rows.filter((row) => row.department === null).sort((a, b) => a.slug.localeCompare(b.slug));
    return [...rows.filter((row) => row.department !== null), ...gone];
  }

  private add(slug: string, title: string, department: string | null): ProgrammeInterest {
    const weeks = Array.from({ length: this.weekCount }, noCounts);
    const row = { slug, title, department, totals: noCounts(), weeks, sources: zeroes(viewSources) };
    this.bySlug.set(slug, row);
    return row;
  }
}

/**
 * Which programme and language a page is: a French page by its slug (a programme gone from the
 * content too), an English one by the English slugs of the content's programmes. An English page
 * of a programme gone from the content names no French slug: it counts in the site's figures only.
 */
function pageReader(programmes: ProgrammeSummary[], catalogue: InterestCatalogue) {
  const englishPages = new Map(
    programmes.map(({ slug }) => [`${englishProgrammePage}${catalogue.programmeIn('en', slug)?.pageSlug ?? slug}`, slug]),
  );
  return (path: string): { slug: string; language: 'fr' | 'en' } | undefined => {
    const english = englishPages.get(path);
    if (english) return { slug: english, language: 'en' };
    const slug = path.startsWith(frenchProgrammePage) ? path.slice(frenchProgrammePage.length) : '';
    return /^[\w-]+$/.test(slug) ? { slug, language: 'fr' } : undefined;
  };
}

interface Period {
  weeks: string[];
  to: string;
  bounds: WeekBounds;
}

function periodOf(weekCount: number, timeZone: string, now: Date): Period {
  const to = isoDayIn(now, timeZone);
  const weeks = weeksEnding(to, weekCount);
  const starts = [...weeks, addDays(weeks.at(-1) ?? to, 7)].map((monday) => startOfDayIn(monday, timeZone));
  const bounds = weeks.map((_, index): [number, number] => [starts[index] ?? 0, starts[index + 1] ?? 0]);
  return { weeks, to, bounds };
}

function countViews(db: Db, rows: ProgrammeRows, period: Period, pageOf: ReturnType<typeof pageReader>): void {
  const weekIndex = new Map(period.weeks.map((week, index) => [week, index]));
  for (const { week, path, ...sources } of programmePageWeeks(db, period.weeks[0] ?? period.to).all()) {
    const page = pageOf(path);
    const row = page && rows.of(page.slug);
    const counts = row?.weeks[weekIndex.get(week) ?? -1];
    if (!page || !row || !counts) continue;
    for (const source of viewSources) {
      counts[page.language === 'fr' ? 'viewsFr' : 'viewsEn'] += sources[source];
      row.sources[source] += sources[source];
    }
  }
}

function countRequests(db: Db, rows: ProgrammeRows, bounds: WeekBounds): void {
  for (const { week, programme, count } of preEnrolmentsByWeek(db, bounds)) {
    const counts = rows.of(programme).weeks[week];
    if (counts) counts.preEnrolments += count;
  }
  for (const { week, programme, callback, count } of messagesByWeek(db, bounds)) {
    const counts = rows.of(programme).weeks[week];
    if (counts) counts[callback ? 'callbacks' : 'messages'] += count;
  }
}

/** Each department of the programmes, in their order, with its programmes' totals summed. */
function departmentsOf(programmes: ProgrammeSummary[], rows: ProgrammeRows): DepartmentInterest[] {
  const departments = new Map<string, DepartmentInterest>();
  for (const { slug, department, departmentTitle } of programmes) {
    let row = departments.get(department);
    if (!row) {
      row = { slug: department, title: departmentTitle, totals: noCounts() };
      departments.set(department, row);
    }
    const programme = rows.bySlug.get(slug);
    if (programme) addCounts(row.totals, programme.totals);
  }
  return [...departments.values()];
}

/**
 * The Interest report of the `weeks` weeks ending with the current one (Monday to Sunday, the
 * centre's calendar): every programme of the content in its order, then any other that has
 * counts in the period; departments; the whole site's sources, screens and readers.
 */
export function interestReport(
  db: Db,
  catalogue: InterestCatalogue,
  { weeks: weekCount, timeZone, now = new Date() }: InterestQuery & { timeZone: string; now?: Date },
): InterestReport {
  const period = periodOf(weekCount, timeZone, now);
  const programmes = catalogue.programmeList();
  const rows = new ProgrammeRows(weekCount, programmes);
  countViews(db, rows, period, pageReader(programmes, catalogue));
  countRequests(db, rows, period.bounds);
  for (const row of rows.bySlug.values()) for (const week of row.weeks) addCounts(row.totals, week);

  const sources = zeroes(viewSources);
  const screens = zeroes(screenClasses);
  for (const { source, screen, views } of siteViews(db, period.weeks[0] ?? period.to).all()) {
    sources[source] += views;
    screens[screen] += views;
  }
  return {
    weeks: period.weeks,
    to: period.to,
    programmes: rows.list(),
    departments: departmentsOf(programmes, rows),
    sources,
    screens,
    readers: readersBetween(db, period.weeks[0] ?? period.to, period.to),
  };
}
