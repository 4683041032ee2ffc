import { describe, expect, it } from 'vitest';
import { formatLongCalendarDay } from '../src/dates.ts';
import { formatDays, formatWeeklyHours, weeklyHoursForm } from '../src/weekly-hours.ts';

const weekdays = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'] as const;

describe('days and hours said in each language from one value', () => {
  it('says a run of days as a range, a single day with its article, scattered days as a list', () => {
    expect(formatDays([...weekdays], 'fr')).toBe('du lundi au vendredi');
    expect(formatDays([...weekdays], 'en')).toBe('Monday to Friday');
    expect(formatDays(['samedi'], 'fr')).toBe('le samedi');
    expect(formatDays(['samedi'], 'en')).toBe('Saturday');
    expect(formatDays(['vendredi', 'lundi', 'mercredi'], 'fr')).toBe('lundi, mercredi et vendredi');
    expect(formatDays(['samedi', 'dimanche'], 'en')).toBe('Saturday and Sunday');
    expect(formatDays(['lundi', 'mardi', 'mercredi', 'samedi'], 'en')).toBe('Monday to Wednesday and Saturday');
  });

  it('says the times as each language writes them', () => {
    const daytime = { days: [...weekdays], from: '08:00', to: '12:00' };
    expect(formatWeeklyHours(daytime, 'fr')).toBe('du lundi au vendredi, de 8\u00a0h à 12\u00a0h');
    expect(formatWeeklyHours(daytime, 'en')).toBe('Monday to Friday, 8\u00a0am to noon');
    const evening = { days: ['samedi' as const], from: '17:30', to: '20:00' };
    expect(formatWeeklyHours(evening, 'fr')).toBe('le samedi, de 17\u00a0h\u00a030 à 20\u00a0h');
    expect(formatWeeklyHours(evening, 'en')).toBe('Saturday, 5:30\u00a0pm to 8\u00a0pm');
  });

  it('says a calendar day in words', () => {
    expect(formatLongCalendarDay('2028-12-31', 'fr')).toBe('31 décembre 2028');
    expect(formatLongCalendarDay('2028-12-31', 'en')).toBe('31 December 2028');
  });
});

describe('days and hours as the forms send them', () => {
  const optional = weeklyHoursForm({ required: false });
  const required = weeklyHoursForm({ required: true });
  const fieldsRefused = (result: ReturnType<typeof optional.safeParse>) =>
    result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));

  it('takes blank hours as not given where they may be, and refuses them where they are required', () => {
    expect(optional.safeParse({ days: [], from: '', to: '' }).success).toBe(true);
    expect(fieldsRefused(required.safeParse({ days: [], from: '', to: '' }))).toEqual(['days', 'from', 'to']);
  });

  it('refuses half-given hours beside the missing part, and a closing time before the start', () => {
    expect(fieldsRefused(optional.safeParse({ days: ['lundi'], from: '08:00', to: '' }))).toEqual(['to']);
    expect(fieldsRefused(optional.safeParse({ days: [], from: '08:00', to: '12:00' }))).toEqual(['days']);
    expect(fieldsRefused(optional.safeParse({ days: ['lundi'], from: '12:00', to: '08:00' }))).toEqual(['to']);
    expect(fieldsRefused(optional.safeParse({ days: ['lundi'], from: '8h', to: '12:00' }))).toEqual(['from']);
    expect(fieldsRefused(optional.safeParse({ days: ['monday'], from: '08:00', to: '12:00' }))).toEqual(['days.0']);
  });
});
