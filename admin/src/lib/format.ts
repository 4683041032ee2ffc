import { formatDay, formatDayAndTime, formatTimeOfDay } from '@cfp/shared';

/** The centre's zone (Yaoundé), until the server's settings name another. */
export const defaultTimeZone = 'Africa/Douala';
let timeZone = defaultTimeZone;

/** Dates are shown in the server's TIME_ZONE; a name this browser's Intl does not know keeps the default. */
export function setTimeZone(name: string): void {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    timeZone = name;
  } catch {
    timeZone = defaultTimeZone;
  }
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "23/11/2026", in the centre's time zone. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? formatDay(date, timeZone) : '—';
}

/** "23/11/2026 14:05" (24-hour clock), in the centre's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? formatDayAndTime(date, timeZone) : '—';
}

/** "14:05" (24-hour clock), in the centre's time zone: a time later today. */
export function formatTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? formatTimeOfDay(date, timeZone) : '—';
}
