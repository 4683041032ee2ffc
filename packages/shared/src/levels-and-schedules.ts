import type { Locale } from './locales.ts';

/** The entry levels and schedules a programme may have: the codes the content's schemas and the forms accept, and their labels. */
export const entryLevels = ['aucun', 'cep', 'bepc', 'probatoire', 'bac'] as const;
export type EntryLevel = (typeof entryLevels)[number];

export const schedules = ['jour', 'soir', 'weekend'] as const;
export type Schedule = (typeof schedules)[number];

/** The entry levels as a student reads them, on the site and in the pre-enrolment form. */
export const entryLevelLabels: Record<EntryLevel, string> = {
  aucun: 'Aucun diplôme requis',
  cep: 'CEP',
  bepc: 'BEPC',
  probatoire: 'Probatoire',
  bac: 'Baccalauréat',
};

export const scheduleLabels: Record<Schedule, string> = {
  jour: 'Cours du jour',
  soir: 'Cours du soir',
  weekend: 'Week-end',
};

/**
 * The same labels in each language of the site. In English a French school certificate keeps its
 * name, with its equivalent in the Anglophone system beside it.
 */
export const localizedEntryLevelLabels: Record<Locale, Record<EntryLevel, string>> = {
  fr: entryLevelLabels,
  en: {
    aucun: 'No diploma required',
    cep: 'CEP / FSLC',
    bepc: 'BEPC / GCE O Level',
    probatoire: 'Probatoire',
    bac: 'Baccalauréat / GCE A Level',
  },
};

export const localizedScheduleLabels: Record<Locale, Record<Schedule, string>> = {
  fr: scheduleLabels,
  en: { jour: 'Daytime', soir: 'Evening', weekend: 'Weekend' },
};
