import type { EnglishProgrammeValues, NewProgrammeTexts, ProgrammeForm } from '@cfp/shared';
import type { WithEnglish } from '../api/site-content-key.ts';
import { Bilingual, englishLabel } from './bilingual-fields.tsx';
import type { ContentFormApi } from './content-fields.tsx';
import { TextListField } from './text-list-field.tsx';

/**
 * The programme form's values: the facts and French texts, and the English texts beside them;
 * a new programme's form has its address, name, department and page texts too.
 */
export type ProgrammeValues = WithEnglish<ProgrammeForm & Partial<NewProgrammeTexts>, EnglishProgrammeValues>;

interface ListProps {
  form: ContentFormApi<ProgrammeValues>;
  name: 'skills' | 'outlets' | 'enrolmentDocuments';
  legend: string;
  hint: string;
  englishHint: string;
  item: string;
  min?: number;
  max: number;
  addLabel: string;
}

/** A list of texts and its English twin, side by side: each its own entries (the English follows the French's once marked up to date). */
export function BilingualList({ form, name, legend, hint, englishHint, item, min, max, addLabel }: ListProps) {
  return (
    <Bilingual
      french={
        <TextListField
          form={form}
          name={name}
          legend={legend}
          hint={hint}
          itemLabel={(index) => `${item} ${index + 1}`}
          min={min}
          max={max}
          addLabel={addLabel}
          maxLength={200}
          lang="fr"
        />
      }
      english={
        <TextListField
          form={form}
          name={`english.${name}`}
          legend={englishLabel(legend)}
          hint={englishHint}
          itemLabel={(index) => `${item} ${index + 1} (English)`}
          min={min}
          max={max}
          addLabel={`${addLabel} in English`}
          maxLength={200}
          lang="en"
        />
      }
    />
  );
}
