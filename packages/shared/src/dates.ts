/**
 * Dates as the centre's staff read them, in the admin and in exported spreadsheets: `23/11/2026`
 * and `23/11/2026 14:05` (day first, 24-hour clock) in the centre's time zone, whatever the
 * browser's or the server's own locale and zone.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(date: Date, timeZone: string): Record<string, string> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/** `23/11/2026` */
export function formatDay(date: Date, timeZone: string): string {
  const { day, month, year } = partsIn(date, timeZone);
  return `${day}/${month}/${year}`;
}

/** `2026-11-23`: the calendar day in the centre's time zone, as ISO 8601 writes it (and sorts it). */
export function isoDayIn(date: Date, timeZone: string): string {
  const { day, month, year } = partsIn(date, timeZone);
  return `${year}-${month}-${day}`;
}

/** `2026-11-23T14:05:09`: the wall-clock time in the centre's time zone, without an offset. */
export function isoWallTimeIn(date: Date, timeZone: string): string {
  const { day, month, year, hour, minute, second } = partsIn(date, timeZone);
  return `${year}-${month}-${day}T${hour}:${minute}:${second}`;
}

/** `14:05` */
export function formatTimeOfDay(date: Date, timeZone: string): string {
  const { hour, minute } = partsIn(date, timeZone);
  return `${hour}:${minute}`;
}

/** `23/11/2026 14:05` */
export function formatDayAndTime(date: Date, timeZone: string): string {
  return `${formatDay(date, timeZone)} ${formatTimeOfDay(date, timeZone)}`;
}

/** A calendar date (`2026-10-05`, an intake) as `05/10/2026`: a day, in no time zone. */
export function formatCalendarDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

const longDays = {
  fr: new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** A calendar date (`2028-12-31`: an approval's end, an intake) in words: "31 décembre 2028" / "31 December 2028". */
export function formatLongCalendarDay(isoDay: string, locale: 'fr' | 'en'): string {
  return longDays[locale].format(new Date(`${isoDay}T12:00:00Z`));
}
