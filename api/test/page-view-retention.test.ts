import path from 'node:path';
import { isoDayIn } from '@cfp/shared';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { dailyReaders, pageViews, pageViewWeeks, siteViewWeeks } from '../src/db/schema.ts';
import { purgeOldPageViews } from '../src/interest/view-retention.ts';
import { buildTestApp, temporaryDirectory, testConfig } from './helper.ts';

const counted = { path: '/formation/soudure', language: 'fr', source: 'none', screen: 'phone' } as const;

describe('keeping the pages shown', () => {
  it('deletes the daily totals past PAGE_VIEW_DAYS_KEPT and the weeks past three years, keeping the rest', () => {
    const db = openDatabase(path.join(temporaryDirectory(), 'centre.sqlite'));
    db.insert(pageViews)
      .values(['2026-08-27', '2026-08-28', '2026-11-25'].map((day) => ({ ...counted, day, views: 1 })))
      .run();
    // The week of 13 November 2023 ended more than three years before 26 November 2026; the next one holds its day three years before.
    db.insert(pageViewWeeks)
      .values(['2023-11-13', '2023-11-20', '2026-11-23'].map((week) => ({ ...counted, week, views: 1 })))
      .run();
    db.insert(siteViewWeeks)
      .values(['2023-11-13', '2023-11-20'].map((week) => ({ week, source: 'none', screen: 'phone', views: 1 }) as const))
      .run();
    db.insert(dailyReaders)
      .values([
        { day: '2023-11-19', readers: 1 },
        { day: '2023-11-20', readers: 1 },
      ])
      .run();

    // Thursday 26 November 2026 in Douala, 90 days kept: 28 August is the first day kept.
    const now = new Date('2026-11-26T10:00:00Z');
    expect(purgeOldPageViews(db, { daysKept: 90, timeZone: 'Africa/Douala', now })).toEqual({ days: 1, weeks: 1 });
    expect(db.select({ day: pageViews.day }).from(pageViews).all()).toEqual([{ day: '2026-08-28' }, { day: '2026-11-25' }]);
    expect(db.select({ week: pageViewWeeks.week }).from(pageViewWeeks).all()).toEqual([
      { week: '2023-11-20' },
      { week: '2026-11-23' },
    ]);
    expect(db.select({ week: siteViewWeeks.week }).from(siteViewWeeks).all()).toEqual([{ week: '2023-11-20' }]);
    expect(db.select({ day: dailyReaders.day }).from(dailyReaders).all()).toEqual([{ day: '2023-11-20' }]);
    db.$client.close();
  });

  it('deletes them when the API starts', async () => {
    const dataDir = temporaryDirectory();
    const db = openDatabase(path.join(dataDir, 'centre.sqlite'));
    const today = isoDayIn(new Date(), 'Africa/Douala');
    const daysAgo = (days: number) => isoDayIn(new Date(Date.now() - days * 24 * 60 * 60_000), 'Africa/Douala');
    db.insert(pageViews)
      .values([today, daysAgo(20), daysAgo(40)].map((day) => ({ ...counted, day, views: 1 })))
      .run();
    db.$client.close();

    const app = await buildTestApp({ env: { DATA_DIR: dataDir, PAGE_VIEW_DAYS_KEPT: '30' } });
    await app.ready();
    expect(app.db.select({ day: pageViews.day }).from(pageViews).orderBy(pageViews.day).all()).toEqual([
      { day: daysAgo(20) },
      { day: today },
    ]);
  });

  it('takes PAGE_VIEW_DAYS_KEPT from 14 to 3650 days, 90 when unset', () => {
    expect(testConfig().pageViewDaysKept).toBe(90);
    expect(testConfig({ PAGE_VIEW_DAYS_KEPT: '' }).pageViewDaysKept).toBe(90);
    expect(testConfig({ PAGE_VIEW_DAYS_KEPT: '14' }).pageViewDaysKept).toBe(14);
    expect(() => testConfig({ PAGE_VIEW_DAYS_KEPT: '13' })).toThrow(/PAGE_VIEW_DAYS_KEPT: must be at least 14 days/);
    expect(() => testConfig({ PAGE_VIEW_DAYS_KEPT: '3651' })).toThrow(/PAGE_VIEW_DAYS_KEPT/);
  });
});
