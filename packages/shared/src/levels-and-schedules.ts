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
