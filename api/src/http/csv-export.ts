import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { formatDayAndTime, formatPhone } from '@cfp/shared';
import type { FastifyReply } from 'fastify';
import { makeRoom } from '../lib/bounded-map.ts';

/**
 * CSV as a French-locale spreadsheet opens it (docs/decisions/0013-csv-exports-for-french-spreadsheets.md):
 * semicolons, because French Excel reads the comma as the decimal sign and puts a comma-separated
 * line in one column; UTF-8 after a byte-order mark, without which Excel reads é and ’ as
 * Windows-1252; CRLF-ended lines as RFC 4180 has it.
 */
const separator = ';';
const byteOrderMark = '\uFEFF';

/** Quotes a cell, and defuses values a spreadsheet would run as a formula (=, +, -, @, tab, return). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(separator)}\r\n`;
}

const quarterHourMs = 15 * 60_000;
const maxCachedOffsets = 50_000;
const offsets = new Map<string, number>();

/**
 * The time zone's offset from UTC at `moment`. Intl takes tens of microseconds a date, too slow
 * for 100,000 rows; the zones in use today shift by whole quarter hours, at a quarter hour, so
 * one offset serves every moment of a quarter hour.
 */
function offsetAt(moment: number, timeZone: string): number {
  const quarterHour = moment - (moment % quarterHourMs);
  const key = `${timeZone} ${quarterHour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const [day = 0, month = 0, year = 0, hour = 0, minute = 0] = formatDayAndTime(new Date(quarterHour), timeZone)
      .split(/[/ :]/)
      .map(Number);
    offset = Date.UTC(year, month - 1, day, hour, minute) - quarterHour;
    makeRoom(offsets, maxCachedOffsets);
    offsets.set(key, offset);
  }
  return offset;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A moment as staff read it and as spreadsheets open it as a date: `23/11/2026 14:05` in the
 * centre's time zone, as `formatDayAndTime` writes it (LibreOffice and Excel read day-first
 * dates in the locales the centre uses); empty when there is none.
 */
export function csvDateTime(value: Date | string | null, timeZone: string): string {
  if (value === null) return '';
  const moment = new Date(value).getTime();
  const local = new Date(moment + offsetAt(moment, timeZone));
  return `${twoDigits(local.getUTCDate())}/${twoDigits(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`;
}

/**
 * A phone a spreadsheet keeps as text, readable and callable: `6 99 11 22 33` for Cameroon (pairs
 * are no thousands groups, so it is not read as a number), `00 33612345678` for another country
 * (a leading + would be a formula in Excel, and the digits alone a number losing its zeros).
 */
export function csvPhone(e164: string): string {
  const national = formatPhone(e164);
  if (national !== e164) return national;
  return /^\+\d+$/.test(e164) ? `00 ${e164.slice(1)}` : e164;
}

/** A column of an export: its heading in the staff's words, and its cell for a row. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => string;
}

/** A row's cells, in its columns' order: the heading and the cell of a column come from one entry, so they cannot drift apart. */
export const csvCells = <Row>(columns: ReadonlyArray<CsvColumn<Row>>, row: Row): string[] => columns.map(({ cell }) => cell(row));

/** How many rows each read from the database takes, between two turns of the event loop. */
export const csvBatchSize = 200;

/**
 * Sends a CSV file as it is read: `nextBatch(last)` returns up to `csvBatchSize` rows after the
 * last one sent (a keyset, so that no statement stays open between batches, when other requests
 * use the connection); the stream asks for the next batch only when the client has taken the
 * previous one, and the event loop turns between batches, so /api/health and other requests
 * are answered while a large export streams.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  {
    fileName,
    columns,
    nextBatch,
  }: {
    fileName: string;
    columns: ReadonlyArray<CsvColumn<Row>>;
    nextBatch: (last: Row | undefined) => Row[];
  },
) {
  async function* lines() {
    yield byteOrderMark + csvLine(columns.map(({ header }) => header));
    let last: Row | undefined;
    for (;;) {
      const batch = nextBatch(last);
      if (batch.length > 0) yield batch.map((row) => csvLine(csvCells(columns, row))).join('');
      if (batch.length < csvBatchSize) return;
      last = batch.at(-1);
      await yieldToEventLoop();
    }
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
}
