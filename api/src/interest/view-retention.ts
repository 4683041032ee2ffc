import { isoDayIn } from '@cfp/shared';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { dailyReaders, pageViews, pageViewWeeks, siteViewWeeks } from '../db/schema.ts';
import { addDays, mondayOf } from './calendar-weeks.ts';

/** Weekly totals, and the readers of each day the report sums, are kept three years: storage stays bounded. */
const weeksKeptDays = 3 * 365 + 1;

/**
 * Deletes the daily page counts older than `daysKept` days (their weeks hold their sums), and the
 * weekly ones (the pages' and the site's) and readers per day older than three years, in one
 * transaction. The days and weeks are the centre's calendar ones; a week goes once its Sunday is
 * past the three years.
 */
export function purgeOldPageViews(
  db: Db,
  { daysKept, timeZone, now = new Date() }: { daysKept: number; timeZone: string; now?: Date },
): { days: number; weeks: number } {
  const today = isoDayIn(now, timeZone);
  const firstDayKept = addDays(today, -daysKept);
  const firstWeekKept = mondayOf(addDays(today, -weeksKeptDays));
  return db.transaction((transaction) => {
    const days = transaction.delete(pageViews).where(lt(pageViews.day, firstDayKept)).run().changes;
    const weeks = transaction.delete(pageViewWeeks).where(lt(pageViewWeeks.week, firstWeekKept)).run().changes;
    transaction.delete(siteViewWeeks).where(lt(siteViewWeeks.week, firstWeekKept)).run();
    transaction.delete(dailyReaders).where(lt(dailyReaders.day, firstWeekKept)).run();
    return { days, weeks };
  });
}
