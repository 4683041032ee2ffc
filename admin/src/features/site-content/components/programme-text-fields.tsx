import type { ProgrammeForm } from '@cfp/shared';
import { BoundTextarea, type ContentFormApi } from './content-fields.tsx';
import { Group } from './programme-facts-fields.tsx';
import { TextListField } from './text-list-field.tsx';

/** The programme's texts, in French as the site prints them (its long description stays with the developers). */
export function ProgrammeTextFields({ form }: { form: ContentFormApi<ProgrammeForm> }) {
  return (
    <>
      <Group legend="Texts" hint="In French, as the programme’s page prints them.">
        <BoundTextarea
          form={form}
          name="summary"
          label="Summary"
          hint="One or two sentences, shown in the list of programmes and at the top of its page: at most 220 characters."
          maxLength={220}
          rows={3}
        />
        <BoundTextarea
          form={form}
          name="job"
          label="The job"
          hint="What the job is and where it is done: at most 3000 characters. A blank line starts a new paragraph."
          maxLength={3000}
          rows={8}
        />
      </Group>
      <TextListField
        form={form}
        name="skills"
        legend="Skills"
        hint="What a student learns to do: 6 to 10, each a short sentence, e.g. Souder à l’arc des pièces en acier."
        itemLabel={(index) => `Skill ${index + 1}`}
        min={6}
        max={10}
        addLabel="Add a skill"
        maxLength={200}
      />
      <TextListField
        form={form}
        name="outlets"
        legend="Outlets"
        hint="The jobs and places the programme leads to: 4 to 8, e.g. Soudeur dans une entreprise de construction métallique."
        itemLabel={(index) => `Outlet ${index + 1}`}
        min={4}
        max={8}
        addLabel="Add an outlet"
        maxLength={200}
      />
    </>
  );
}
