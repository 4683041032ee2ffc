import { formatDayAndTime } from '@cfp/shared';
import { describe, expect, it } from 'vitest';
import { csvDateTime, csvPhone } from '../src/csv-export.ts';

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
