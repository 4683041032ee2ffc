import { describe, expect, it } from 'vitest';
import { localizedStudentLevelLabels } from '../src/applications.ts';
import { entryLevels, localizedEntryLevelLabels } from '../src/levels-and-schedules.ts';

/** What an Anglophone student (the GCE subsystem) recognises for each level of the French system (issue 46, item 2). */
const anglophone = { cep: /FSLC/, bepc: /GCE O Level, 4 papers/, probatoire: /Lower Sixth/, bac: /GCE A Level/ } as const;

describe('the English level labels', () => {
  it('give every French-system level, the Probatoire included, its Anglophone counterpart after its French name', () => {
    for (const labels of [localizedEntryLevelLabels.en, localizedStudentLevelLabels.en]) {
      for (const level of entryLevels) {
        if (level === 'aucun') continue;
        const [french, english] = labels[level].split(' / ');
        expect(french, level).toBe(localizedEntryLevelLabels.fr[level]);
        expect(english, level).toMatch(anglophone[level]);
      }
    }
  });
});
