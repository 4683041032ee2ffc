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
 * name, with its usual counterpart in Cameroon's Anglophone subsystem beside it: the FSLC, a GCE O
 * Level passed in at least four papers (what admissions usually accept for the BEPC), the Lower
 * Sixth for the Probatoire (which has no GCE of its own: it closes the Première, the Lower Sixth's
 * year), a GCE A Level passed in two papers for the Baccalauréat. They are usual equivalences, not
 * one published rule: the centre confirms them (the page /en/diplomas-and-levels says so, and
 * explains each).
 */
export const localizedEntryLevelLabels: Record<Locale, Record<EntryLevel, string>> = {
  fr: entryLevelLabels,
  en: {
    aucun: 'No diploma required',
    cep: 'CEP / FSLC',
    bepc: 'BEPC / GCE O Level, 4 papers',
    probatoire: 'Probatoire / Lower Sixth',
    bac: 'Baccalauréat / GCE A Level, 2 papers',
  },
};

export const localizedScheduleLabels: Record<Locale, Record<Schedule, string>> = {
  fr: scheduleLabels,
  en: { jour: 'Daytime', soir: 'Evening', weekend: 'Weekend' },
};
