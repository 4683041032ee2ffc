import { Bilingual, englishLabel, LanguageHeadings } from './bilingual-fields.tsx';
import { BoundTextarea, type ContentFormApi } from './content-fields.tsx';
import { BilingualList, type ProgrammeValues } from './programme-bilingual.tsx';
import { Group } from './programme-facts-fields.tsx';

/** The programme's texts as the site prints them, French and English (its long description stays with the developers). */
export function ProgrammeTextFields({ form }: { form: ContentFormApi<ProgrammeValues> }) {
  return (
    <>
      <Group legend="Texts" hint="As the programme’s pages print them: the French page and the English one.">
        <LanguageHeadings />
        <Bilingual
          french={
            <BoundTextarea
              form={form}
              name="summary"
              label="Summary"
              hint="One or two sentences, shown in the list of programmes and at the top of its page: at most 220 characters."
              maxLength={220}
              rows={3}
              lang="fr"
            />
          }
          english={
            <BoundTextarea
              form={form}
              name="english.summary"
              label={englishLabel('Summary')}
              hint="The same sentences in English, at most 220 characters."
              maxLength={220}
              rows={3}
              lang="en"
            />
          }
        />
        <Bilingual
          french={
            <BoundTextarea
              form={form}
              name="job"
              label="The job"
              hint="What the job is and where it is done: at most 3000 characters. A blank line starts a new paragraph."
              maxLength={3000}
              rows={8}
              lang="fr"
            />
          }
          english={
            <BoundTextarea
              form={form}
              name="english.job"
              label={englishLabel('The job')}
              hint="The same text in English. A blank line starts a new paragraph."
              maxLength={3000}
              rows={8}
              lang="en"
            />
          }
        />
      </Group>
      <BilingualList
        form={form}
        name="skills"
        legend="Skills"
        hint="What a student learns to do: 6 to 10, each a short sentence, e.g. Souder à l’arc des pièces en acier."
        englishHint="The same skills in English, in the same order, e.g. Arc welding of steel parts."
        item="Skill"
        min={6}
        max={10}
        addLabel="Add a skill"
      />
      <BilingualList
        form={form}
        name="outlets"
        legend="Outlets"
        hint="The jobs and places the programme leads to: 4 to 8, e.g. Soudeur dans une entreprise de construction métallique."
        englishHint="The same outlets in English, in the same order, e.g. Welder in a steel construction company."
        item="Outlet"
        min={4}
        max={8}
        addLabel="Add an outlet"
      />
    </>
  );
}
