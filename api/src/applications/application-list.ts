import {
  type ApplicationFacets,
  type ApplicationFilterQuery,
  type ApplicationStatus,
  applicationStatuses,
  normalisePhone,
  type Page,
} from '@cfp/shared';
import { and, asc, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/database.ts';
import { listPage } from '../db/paging.ts';
import { applications } from '../db/schema.ts';
import { containsText } from '../db/text-search.ts';
import { csvBatchSize } from '../http/csv-export.ts';

const earlier = alias(applications, 'earlier');

/** An application as stored, with the reference of the earlier one it repeats. */
export type ApplicationRow = typeof applications.$inferSelect & { repeatOfReference: string | null };

function selectApplications(db: Db) {
  return db
    .select({ ...getTableColumns(applications), repeatOfReference: earlier.reference })
    .from(applications)
    .leftJoin(earlier, eq(applications.repeatOf, earlier.id));
}

export function findApplication(db: Db, id: number): ApplicationRow | undefined {
  return selectApplications(db).where(eq(applications.id, id)).get();
}

/** The applications sent again after this one (same phone and programme within the window), oldest first. */
export function repeatsOf(db: Db, id: number): { _id: number; reference: string }[] {
  return db
    .select({ _id: applications.id, reference: applications.reference })
    .from(applications)
    .where(eq(applications.repeatOf, id))
    .orderBy(asc(applications.id))
    .all();
}

/**
 * What `q` finds: a phone however it is spaced (`6 99 11 22 33`, `+237 699…`) through its index;
 * else a part of a reference (`7k3m9q`, `PI-7K3M9Q`), of the full name (`awa mb`), any case, or
 * of a phone's digits (`22 33`).
 */
function searchCondition(q: string): SQL | undefined {
  const phoneLike = /^[\d\s+().-]+$/.test(q);
  const e164 = phoneLike ? normalisePhone(q) : undefined;
  if (e164) return eq(applications.phone, e164);
  const text = phoneLike ? q.replace(/\D/g, '') : q;
  return text ? searchIndexContains(text) : undefined;
}

/**
 * Through the trigram index that migration 0007 keeps (applications_search: reference, "first
 * last", phone): a quoted phrase of three characters or more matches wherever it appears, any
 * case; a shorter one is looked for in the names of the index's own, small, table. The `+`
 * keeps SQLite from reading every match by id and sorting them all: it walks the newest-first
 * index instead, and stops at the page's last row.
 */
function searchIndexContains(text: string): SQL {
  const matching =
    text.length >= 3
      ? sql`select rowid from applications_search where applications_search match ${`"${text.replaceAll('"', '""')}"`}`
      : sql`select rowid from applications_search where ${containsText(sql`full_name`, text)}`;
  return sql`+${applications.id} in (${matching})`;
}

function applicationFilter(query: ApplicationFilterQuery): SQL | undefined {
  return and(
    query.programme ? eq(applications.programme, query.programme) : undefined,
    query.status ? eq(applications.status, query.status) : undefined,
    query.intake ? eq(applications.intake, query.intake) : undefined,
    query.language ? eq(applications.language, query.language) : undefined,
    query.q ? searchCondition(query.q) : undefined,
  );
}

const newestFirst = [desc(applications.createdAt), desc(applications.id)];

/** One page of the applications the filters select, newest first, with how many they select in all. */
export function applicationPage(db: Db, query: ApplicationFilterQuery & { page: number }): Page<ApplicationRow> {
  const where = applicationFilter(query);
  return listPage(
    query.page,
    ({ limit, offset }) =>
      selectApplications(db)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset)
        .all(),
    db.select({ total: count() }).from(applications).where(where).get()?.total ?? 0,
  );
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
  return selectApplications(db)
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
