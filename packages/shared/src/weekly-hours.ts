import { z } from 'zod';
import type { Locale } from './locales.ts';

/**
 * Days and hours written once, as facts (a programme's hours for each schedule, the centre's
 * opening hours), and said in each language of the site from that one value: "du lundi au
 * vendredi, de 8 h à 12 h" / "Monday to Friday, 8 am to noon". The content writes the days in
 * French (the codes of its other facts are French: `jour`, `cep`) and the times as `HH:MM`.
 */
export const weekDays = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const;
export type WeekDay = (typeof weekDays)[number];

/** `08:00`, `17:30`: a time of day on the 24-hour clock. */
export const timeOfDayPattern = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export interface WeeklyHours {
  days: WeekDay[];
  from: string;
  to: string;
}

const dayNames: Record<Locale, Record<WeekDay, string>> = {
  fr: {
    lundi: 'lundi',
    mardi: 'mardi',
    mercredi: 'mercredi',
    jeudi: 'jeudi',
    vendredi: 'vendredi',
    samedi: 'samedi',
    dimanche: 'dimanche',
  },
  en: {
    lundi: 'Monday',
    mardi: 'Tuesday',
    mercredi: 'Wednesday',
    jeudi: 'Thursday',
    vendredi: 'Friday',
    samedi: 'Saturday',
    dimanche: 'Sunday',
  },
};

const words = {
  fr: { and: 'et', range: (first: string, last: string) => `du ${first} au ${last}`, single: (day: string) => `le ${day}` },
  en: { and: 'and', range: (first: string, last: string) => `${first} to ${last}`, single: (day: string) => day },
};

function listed(items: string[], and: string): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

/** The days in the week's order, in runs of days that follow each other: [lundi…vendredi], [dimanche]. */
function runsOf(days: readonly WeekDay[]): WeekDay[][] {
  const ordered = weekDays.filter((day) => days.includes(day));
  const runs: WeekDay[][] = [];
  for (const day of ordered) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous && weekDays.indexOf(day) === weekDays.indexOf(previous) + 1) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** "du lundi au vendredi", "le samedi", "lundi, mercredi et vendredi" / "Monday to Friday", "Saturday". */
export function formatDays(days: readonly WeekDay[], locale: Locale): string {
  const names = dayNames[locale];
  const { and, range, single } = words[locale];
  const runs = runsOf(days);
  if (runs.length === 1 && runs[0]?.length === 1) return single(names[runs[0][0] as WeekDay]);
  const parts = runs.flatMap((run) =>
    run.length >= 3 ? [range(names[run[0] as WeekDay], names[run.at(-1) as WeekDay])] : run.map((day) => names[day]),
  );
  return listed(parts, and);
}

/** "8 h", "17 h 30" / "8 am", "5:30 pm", "noon". */
export function formatClockTime(time: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  if (locale === 'fr') return minutes === 0 ? `${hours}\u00a0h` : `${hours}\u00a0h\u00a0${String(minutes).padStart(2, '0')}`;
  if (hours === 12 && minutes === 0) return 'noon';
  if (hours === 0 && minutes === 0) return 'midnight';
  const clock = hours % 12 === 0 ? 12 : hours % 12;
  const suffix = hours < 12 ? 'am' : 'pm';
  return minutes === 0 ? `${clock}\u00a0${suffix}` : `${clock}:${String(minutes).padStart(2, '0')}\u00a0${suffix}`;
}

/** "de 8 h à 12 h" / "8 am to noon". */
export function formatTimeRange(from: string, to: string, locale: Locale): string {
  const [start, end] = [formatClockTime(from, locale), formatClockTime(to, locale)];
  return locale === 'fr' ? `de ${start} à ${end}` : `${start} to ${end}`;
}

/** "du lundi au vendredi, de 8 h à 12 h" / "Monday to Friday, 8 am to noon". */
export function formatWeeklyHours(hours: WeeklyHours, locale: Locale): string {
  return `${formatDays(hours.days, locale)}, ${formatTimeRange(hours.from, hours.to, locale)}`;
}

// ---------------------------------------------------------------- as the admin's forms send them

const timeText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine((value) => value === '' || timeOfDayPattern.test(value), {
      error: `${label} is a time of day such as 08:00 or 17:30`,
    });

/** The days ticked and the two times as typed; all empty for hours not given (`required` refuses that). */
export function weeklyHoursForm({ required }: { required: boolean }) {
  return z
    .object({
      days: z.array(z.enum(weekDays, { error: 'Tick days of the week' })),
      from: timeText('The starting time'),
      to: timeText('The closing time'),
    })
    .superRefine((hours, context) => {
      const blank = hours.days.length === 0 && hours.from === '' && hours.to === '';
      if (blank && !required) return;
      if (hours.days.length === 0) context.addIssue({ code: 'custom', path: ['days'], message: 'Tick at least one day' });
      if (hours.from === '') context.addIssue({ code: 'custom', path: ['from'], message: 'Give the starting time, e.g. 08:00' });
      if (hours.to === '') context.addIssue({ code: 'custom', path: ['to'], message: 'Give the closing time, e.g. 12:00' });
      else if (timeOfDayPattern.test(hours.from) && timeOfDayPattern.test(hours.to) && hours.to <= hours.from) {
        context.addIssue({ code: 'custom', path: ['to'], message: 'The closing time comes after the starting time' });
      }
    });
}
export type WeeklyHoursForm = z.infer<ReturnType<typeof weeklyHoursForm>>;

/** Hours not given, as a form holds them. */
export const blankWeeklyHours = (): WeeklyHoursForm => ({ days: [], from: '', to: '' });
