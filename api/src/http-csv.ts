import { formatDayAndTime } from '@cfp/shared';

/** Quotes a cell, and defuses values a spreadsheet would run as a formula (=, +, -, @, tab, return). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * A moment as staff read it and as spreadsheets open it as a date: `23/11/2026 14:05` in the
 * centre's time zone (LibreOffice and Excel read day-first dates in the locales the centre uses);
 * empty when there is none.
 */
export function csvDateTime(value: Date | string | null, timeZone: string): string {
  return value === null ? '' : formatDayAndTime(new Date(value), timeZone);
}

/**
 * A CSV document: a header line, then one line per row, CRLF-ended as RFC 4180 has it, after a
 * byte-order mark, without which Excel reads UTF-8 (é, ’) as Windows-1252.
 */
export function csvDocument(header: string[], rows: string[][]): string {
  const lines = [header.join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`;
}
