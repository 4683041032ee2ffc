import { formatDayAndTime } from '@cfp/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { applicationCsvColumns } from '../src/applications/application-csv.ts';
import type { ApplicationRow } from '../src/applications/application-list.ts';
import { csvDateTime, csvPhone, sendCsv } from '../src/http/csv-export.ts';

describe('CSV cells', () => {
  it.each(['Africa/Douala', 'Europe/Paris', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe'])(
    'write a moment in %s as the admin does, across summer-time changes',
    (timeZone) => {
      const start = Date.UTC(2026, 0, 1);
      const moments = Array.from({ length: 6000 }, (_, index) => new Date(start + index * 97 * 60_000 + (index % 60) * 1000));
      const differing = moments.filter((moment) => csvDateTime(moment, timeZone) !== formatDayAndTime(moment, timeZone));
      expect(differing).toEqual([]);
    },
  );

  it('write phones as staff dial them, never starting with +', () => {
    expect(csvPhone('+237699112233')).toBe('6 99 11 22 33');
    expect(csvPhone('+237222234567')).toBe('2 22 23 45 67');
    expect(csvPhone('+33612345678')).toBe('00 33612345678');
    expect(csvPhone('12 34')).toBe('12 34');
  });
});

describe('an export’s column list', () => {
  const row: ApplicationRow = {
    id: 7,
    reference: 'K7M2Q9',
    programme: 'soudure',
    firstName: 'Jean-Paul',
    lastName: 'Essomba',
    phone: '+237699112233',
    email: 'jp@example.cm',
    town: 'Nkoabang',
    level: 'bepc',
    schedule: 'soir',
    intake: '2027-01-11',
    heardFrom: null,
    message: null,
    language: 'en',
    status: 'new',
    statusChangedBy: null,
    statusChangedAt: null,
    note: 'Rappeler lundi',
    forwarding: 'sent',
    forwardingAttempts: 1,
    forwardingError: null,
    confirmation: null,
    confirmationAttempts: 0,
    confirmationError: null,
    repeatOf: null,
    createdAt: new Date(Date.UTC(2026, 10, 23, 13, 5)),
    updatedAt: new Date(Date.UTC(2026, 10, 23, 13, 5)),
    repeatOfReference: null,
  };
  const columns = applicationCsvColumns(() => 'Soudure', 'Africa/Douala');

  /** The export of `row` through `sendCsv` with `list`, as heading → cell. */
  async function exported(list: typeof columns): Promise<Record<string, string>> {
    const app = Fastify();
    app.get('/export', (_request, reply) =>
      sendCsv(reply, { fileName: 'x.csv', columns: list, nextBatch: (last) => (last ? [] : [row]) }),
    );
    const body = (await app.inject({ url: '/export' })).body.replace(/^\uFEFF/, '');
    await app.close();
    const [header = [], cells = []] = body
      .trim()
      .split('\r\n')
      .map((line) => line.split(';').map((cell) => cell.slice(1, -1)));
    return Object.fromEntries(header.map((heading, index) => [heading, cells[index] ?? '']));
  }

  it('keeps each heading above its own cell in whatever order the list is written', async () => {
    const inOrder = await exported(columns);
    expect(inOrder).toMatchObject({
      Reference: 'K7M2Q9',
      Programme: 'Soudure',
      Phone: '6 99 11 22 33',
      Language: 'English',
      Schedule: expect.stringMatching(/^Evening/),
      Intake: '11/01/2027',
      'Applied on': '23/11/2026 14:05',
    });
    const shuffled = [...columns.slice(5), ...columns.slice(0, 5)].reverse();
    expect(await exported(shuffled)).toEqual(inOrder);
    expect(new Set(columns.map(({ header }) => header)).size).toBe(columns.length);
  });
});
