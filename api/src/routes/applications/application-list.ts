import {
  type ApplicationFacets,
  type ApplicationFilterQuery,
  type ApplicationStatus,
  applicationStatuses,
  listPageSize,
  normalisePhone,
  type Page,
} from '@cfp/shared';
import { and, count, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { applications } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';
import { csvBatchSize } from '../../http-csv.ts';

export type ApplicationRow = typeof applications.$inferSelect;

/**
 * What `q` finds: a reference (`PI-7K3M9Q` or `7k3m9q`), a first, last or full name (part of it,
 * any case), or a phone however it is spaced (`6 99 11 22 33`, `+237 699…`, a part of its digits).
 */
function searchCondition(q: string): SQL | undefined {
  const reference = `PI-${q.toUpperCase().replace(/^PI-?/, '')}`;
  const conditions: (SQL | undefined)[] = [
    eq(applications.reference, reference),
    containsText(applications.firstName, q),
    containsText(applications.lastName, q),
    containsText(sql`${applications.firstName} || ' ' || ${applications.lastName}`, q),
  ];
  if (/^[\d\s+().-]+$/.test(q)) {
    const e164 = normalisePhone(q);
    const digits = q.replace(/\D/g, '');
    conditions.push(
      e164 ? eq(applications.phone, e164) : digits.length >= 3 ? like(applications.phone, `%${digits}%`) : undefined,
    );
  }
  return or(...conditions);
}

export function applicationFilter(query: ApplicationFilterQuery): SQL | undefined {
  return and(
    query.programme ? eq(applications.programme, query.programme) : undefined,
    query.status ? eq(applications.status, query.status) : undefined,
    query.intake ? eq(applications.intake, query.intake) : undefined,
    query.q ? searchCondition(query.q) : undefined,
  );
}

const newestFirst = [desc(applications.createdAt), desc(applications.id)];

/** One page of the applications the filters select, newest first, with how many they select in all. */
export function applicationPage(db: Db, query: ApplicationFilterQuery & { page: number }): Page<ApplicationRow> {
  const where = applicationFilter(query);
  const items = db
    .select()
    .from(applications)
    .where(where)
    .orderBy(...newestFirst)
    .limit(listPageSize)
    .offset((query.page - 1) * listPageSize)
    .all();
  const total = db.select({ total: count() }).from(applications).where(where).get()?.total ?? 0;
  return { items, total, page: query.page, pageSize: listPageSize };
}

export function countApplications(db: Db, status: ApplicationStatus | undefined): number {
  const where = status ? eq(applications.status, status) : undefined;
  return db.select({ total: count() }).from(applications).where(where).get()?.total ?? 0;
}

/** The next rows of an export, newest first, after the last one written (keyset: no OFFSET to rescan). */
export function applicationBatch(db: Db, query: ApplicationFilterQuery, last: ApplicationRow | undefined): ApplicationRow[] {
  const after = last
    ? sql`(${applications.createdAt}, ${applications.id}) < (${last.createdAt.getTime()}, ${last.id})`
    : undefined;
  return db
    .select()
    .from(applications)
    .where(and(applicationFilter(query), after))
    .orderBy(...newestFirst)
    .limit(csvBatchSize)
    .all();
}

/** What the list's filters offer, counted over every application. */
export function applicationFacets(db: Db, programmeTitle: (slug: string) => string): ApplicationFacets {
  const byStatus = db
    .select({ status: applications.status, count: count() })
    .from(applications)
    .groupBy(applications.status)
    .all();
  const statuses = Object.fromEntries(applicationStatuses.map((status) => [status, 0])) as Record<ApplicationStatus, number>;
  for (const { status, count } of byStatus) statuses[status] = count;
  const programmes = db
    .select({ programme: applications.programme, count: count() })
    .from(applications)
    .groupBy(applications.programme)
    .all()
    .map((row) => ({ ...row, programmeTitle: programmeTitle(row.programme) }))
    .sort((a, b) => a.programmeTitle.localeCompare(b.programmeTitle, 'fr'));
  const intakes = db
    .select({ intake: sql<string>`${applications.intake}`, count: count() })
    .from(applications)
    .where(sql`${applications.intake} is not null`)
    .groupBy(applications.intake)
    .orderBy(applications.intake)
    .all();
  const total = byStatus.reduce((sum, row) => sum + row.count, 0);
  return { total, statuses, programmes, intakes };
}
