import { describe, expect, it } from 'vitest';
import { addDays, mondayOf, startOfDayIn, weeksEnding } from '../src/interest/calendar-weeks.ts';

describe('calendar weeks', () => {
  it('puts a day in the week of the Monday on or before it', () => {
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-12-06')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('lists the Mondays of the weeks ending with the current one, across a year’s end', () => {
    expect(weeksEnding('2027-01-06', 3)).toEqual(['2026-12-21', '2026-12-28', '2027-01-04']);
    const year = weeksEnding('2026-12-03', 53);
    expect([year[0], year.at(-1), year.length]).toEqual(['2025-12-01', '2026-11-30', 53]);
  });

  it('starts a day at midnight in the time zone, on either side of a daylight-saving change', () => {
    expect(new Date(startOfDayIn('2026-11-30', 'Africa/Douala')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(new Date(startOfDayIn('2026-03-29', 'Europe/Paris')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(startOfDayIn('2026-03-30', 'Europe/Paris')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(startOfDayIn('2026-11-02', 'America/New_York')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});
