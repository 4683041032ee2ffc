import { isoWallTimeIn } from '@cfp/shared';

/*
 * Calendar days as ISO 8601 writes them (`2026-12-03`), counted in days and weeks (Monday to
 * Sunday) with no time zone: the centre's day is taken once (isoDayIn), then only counted.
 */

const dayMs = 24 * 60 * 60_000;

const utcNoonOf = (isoDay: string) => Date.parse(`${isoDay}T12:00:00Z`);

/** The day `days` after `isoDay` (before it when negative). */
export function addDays(isoDay: string, days: number): string {
  return new Date(utcNoonOf(isoDay) + days * dayMs).toISOString().slice(0, 10);
}

/** The Monday on or before `isoDay`: the week it belongs to. */
export function mondayOf(isoDay: string): string {
  const weekday = new Date(utcNoonOf(isoDay)).getUTCDay();
  return addDays(isoDay, -((weekday + 6) % 7));
}

/** The Mondays of the `count` weeks ending with the one holding `today`, oldest first. */
export function weeksEnding(today: string, count: number): string[] {
  const last = mondayOf(today);
  return Array.from({ length: count }, (_, index) => addDays(last, 7 * (index + 1 - count)));
}

/**
 * The moment `isoDay` begins in `timeZone`, in ms: midnight there. A guess at the zone's offset
 * is corrected once, which lands on the right side of a daylight-saving change too.
 */
export function startOfDayIn(isoDay: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${isoDay}T00:00:00Z`);
  let moment = midnightUtc;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const local = Date.parse(`${isoWallTimeIn(new Date(moment), timeZone)}Z`);
    moment = midnightUtc - (local - moment);
  }
  return moment;
}
