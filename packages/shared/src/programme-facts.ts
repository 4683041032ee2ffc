/** The facts of a programme that forms and pages share with the content's schemas. */
export const entryLevels = ['aucun', 'cep', 'bepc', 'probatoire', 'bac'] as const;
export type EntryLevel = (typeof entryLevels)[number];

export const schedules = ['jour', 'soir', 'weekend'] as const;
export type Schedule = (typeof schedules)[number];
