import { createHash, randomBytes } from 'node:crypto';
import { isoDayIn, type PageViewInput } from '@cfp/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { dailyReaders, pageViews, pageViewWeeks, siteViewWeeks } from '../db/schema.ts';
import { mondayOf } from './calendar-weeks.ts';

/** Who sent a count, used for the day's reader estimate only, and never stored. */
export interface Reader {
  address: string;
  userAgent: string;
}

/** Readers told apart per day at most (about 2 MB); past it, the day's estimate stops growing. */
const maxReadersPerDay = 100_000;

/**
 * Counts pages shown, as totals per day, page, language, source and screen class, the same per
 * week, and the whole site's per week, source and screen (the Interest report reads the weeks,
 * which outlive the days). Counts wait in
 * memory and are written together every `flushMs` (one transaction, whatever the traffic), so a
 * read of the site never waits on the database: a count is accepted, and at most the last
 * `flushMs` of them is lost if the process is killed (decision 0039).
 *
 * Readers per day are estimated as Plausible does: a hash of the address and user agent with a
 * random salt made for the day, kept in memory and dropped with the day, so that no one can be
 * recognised the day after, not even by us. A restart draws a new salt: that day's readers
 * before and after it count twice at most.
 */
export class ViewCounter {
  private readonly db: Db;
  private readonly timeZone: string;
  private readonly flushMs: number;
  private readonly now: () => Date;
  private pending = new Map<string, number>();
  private newReaders = new Map<string, number>();
  private readers: { day: string; salt: Buffer; seen: Set<number> } | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(db: Db, options: { timeZone: string; flushMs: number; now?: () => Date }) {
    this.db = db;
    this.timeZone = options.timeZone;
    this.flushMs = options.flushMs;
    this.now = options.now ?? (() => new Date());
  }

  count(view: PageViewInput, reader: Reader): void {
    const day = isoDayIn(this.now(), this.timeZone);
    const key = JSON.stringify([day, view.path, view.language, view.source, view.screen]);
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    if (this.isNewReader(day, reader)) this.newReaders.set(day, (this.newReaders.get(day) ?? 0) + 1);
    this.timer ??= setTimeout(() => this.flush(), this.flushMs).unref();
  }

  /** Writes the counts waiting, to their days and their weeks, in one transaction. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const views = this.pending;
    const readers = this.newReaders;
    if (views.size === 0 && readers.size === 0) return;
    this.pending = new Map();
    this.newReaders = new Map();
    this.db.transaction((transaction) => {
      for (const [key, count] of views) {
        const [day, path, language, source, screen] = JSON.parse(key);
        transaction
          .insert(pageViews)
          .values({ day, path, language, source, screen, views: count })
          .onConflictDoUpdate({
            target: [pageViews.day, pageViews.path, pageViews.language, pageViews.source, pageViews.screen],
            set: { views: sql`${pageViews.views} + ${count}` },
          })
          .run();
        const week = mondayOf(day);
        transaction
          .insert(pageViewWeeks)
          .values({ week, path, language, source, screen, views: count })
          .onConflictDoUpdate({
            target: [pageViewWeeks.week, pageViewWeeks.path, pageViewWeeks.language, pageViewWeeks.source, pageViewWeeks.screen],
            set: { views: sql`${pageViewWeeks.views} + ${count}` },
          })
          .run();
        transaction
          .insert(siteViewWeeks)
          .values({ week, source, screen, views: count })
          .onConflictDoUpdate({
            target: [siteViewWeeks.week, siteViewWeeks.source, siteViewWeeks.screen],
            set: { views: sql`${siteViewWeeks.views} + ${count}` },
          })
          .run();
      }
      for (const [day, count] of readers) {
        transaction
          .insert(dailyReaders)
          .values({ day, readers: count })
          .onConflictDoUpdate({ target: dailyReaders.day, set: { readers: sql`${dailyReaders.readers} + ${count}` } })
          .run();
      }
    });
  }

  private isNewReader(day: string, { address, userAgent }: Reader): boolean {
    if (this.readers?.day !== day) this.readers = { day, salt: randomBytes(16), seen: new Set() };
    const { salt, seen } = this.readers;
    // 31 bits, a small integer V8 stores in the set itself (a string took about five times the
    // memory): 100,000 readers in a day collide about twice, 1,000 once in two thousand days.
    const hash = createHash('sha256').update(salt).update(address).update('\n').update(userAgent).digest().readUInt32BE(0) >>> 1;
    if (seen.has(hash) || seen.size >= maxReadersPerDay) return false;
    seen.add(hash);
    return true;
  }
}
