import { type DepartmentChoice, programmePath, slugify } from '@cfp/shared';
import { useEffect } from 'react';
import type { Path } from 'react-hook-form';
import { Bilingual, englishLabel, LanguageHeadings } from './bilingual-fields.tsx';
import { BoundSelect, BoundTextarea, BoundTextField, type ContentFormApi } from './content-fields.tsx';
import type { ProgrammeValues } from './programme-bilingual.tsx';
import { Group } from './programme-facts-fields.tsx';
import { HighlightInputs } from './programme-new-english.tsx';
import { TextListField } from './text-list-field.tsx';

interface FieldsProps {
  form: ContentFormApi<ProgrammeValues>;
}

/** The index of each of the 4 highlights. */
const highlightIndexes = [0, 1, 2, 3] as const;

/**
 * An address follows its title as it is typed (`Ferronnerie d’art` → ferronnerie-d-art), until
 * the address itself is edited.
 */
function useAddressFromTitle(
  form: ContentFormApi<ProgrammeValues>,
  title: Path<ProgrammeValues>,
  address: Path<ProgrammeValues>,
) {
  const typed = form.watch(title);
  const edited = form.getFieldState(address, form.formState).isDirty;
  useEffect(() => {
    if (!edited) form.setValue(address, slugify(String(typed ?? '')), { shouldDirty: false });
  }, [form, typed, edited, address]);
}

/** A new programme's name and address in each language, and its department. */
export function ProgrammeIdentityFields({ form, departments }: FieldsProps & { departments: DepartmentChoice[] }) {
  useAddressFromTitle(form, 'title', 'slug');
  useAddressFromTitle(form, 'english.title', 'english.slug');
  const frenchAddress = programmePath(String(form.watch('slug') ?? ''));
  const englishAddress = programmePath(String(form.watch('english.slug') ?? ''), 'en');
  return (
    <Group
      legend="The programme"
      hint="Its name and its address on the site, in each language. An address cannot change once published."
    >
      <BoundSelect
        form={form}
        name="department"
        label="Department"
        options={[
          { value: '', label: 'Choose a department' },
          ...departments.map(({ slug, title }) => ({ value: slug, label: title })),
        ]}
      />
      <LanguageHeadings />
      <Bilingual
        french={
          <BoundTextField
            form={form}
            name="title"
            label="Title"
            hint="As the lists and the page name it, e.g. Soudure."
            maxLength={100}
            lang="fr"
          />
        }
        english={
          <BoundTextField
            form={form}
            name="english.title"
            label={englishLabel('Title')}
            hint="e.g. Welding."
            maxLength={100}
            lang="en"
          />
        }
      />
      <Bilingual
        french={
          <BoundTextField
            form={form}
            name="slug"
            label="Address of the French page"
            hint={`The page will be ${frenchAddress}. Lower-case words joined by hyphens.`}
            maxLength={100}
            autoCapitalize="off"
            spellCheck={false}
          />
        }
        english={
          <BoundTextField
            form={form}
            name="english.slug"
            label={englishLabel('Address of the English page')}
            hint={`The page will be ${englishAddress}.`}
            maxLength={100}
            autoCapitalize="off"
            spellCheck={false}
          />
        }
      />
    </Group>
  );
}

interface ListProps extends FieldsProps {
  name: 'admission' | 'trades';
  legend: string;
  hint: string;
  englishHint: string;
  item: string;
  min: number;
  max: number;
  maxLength: number;
  addLabel: string;
}

function BilingualTexts({ form, name, legend, hint, englishHint, item, min, max, maxLength, addLabel }: ListProps) {
  const list = (side: 'fr' | 'en') => (
    <TextListField
      form={form}
      name={side === 'fr' ? name : `english.${name}`}
      legend={side === 'fr' ? legend : englishLabel(legend)}
      hint={side === 'fr' ? hint : englishHint}
      itemLabel={(index) => `${item} ${index + 1}${side === 'en' ? ' (English)' : ''}`}
      min={min}
      max={max}
      addLabel={side === 'fr' ? addLabel : `${addLabel} in English`}
      maxLength={maxLength}
      lang={side}
    />
  );
  return <Bilingual french={list('fr')} english={list('en')} />;
}

/** The texts of a new programme's page the programme form does not edit afterwards: its heading, entry requirements, highlights and trades. */
export function ProgrammePageTextFields({ form }: FieldsProps) {
  return (
    <Group legend="The page" hint="Written once with the programme, in French and in English; later changed in git.">
      <LanguageHeadings />
      <Bilingual
        french={
          <BoundTextField
            form={form}
            name="heroTitle"
            label="Heading"
            hint="The page’s big sentence, at most 160 characters."
            maxLength={160}
            lang="fr"
          />
        }
        english={
          <BoundTextField form={form} name="english.heroTitle" label={englishLabel('Heading')} maxLength={160} lang="en" />
        }
      />
      <Bilingual
        french={<BoundTextarea form={form} name="heroSubtitle" label="Under the heading" maxLength={300} rows={3} lang="fr" />}
        english={
          <BoundTextarea
            form={form}
            name="english.heroSubtitle"
            label={englishLabel('Under the heading')}
            maxLength={300}
            rows={3}
            lang="en"
          />
        }
      />
      <BilingualTexts
        form={form}
        name="admission"
        legend="Entry requirements"
        hint="2 to 5, e.g. Avoir au moins le niveau CEP."
        englishHint="The same requirements in English, in the same order."
        item="Entry requirement"
        min={2}
        max={5}
        maxLength={300}
        addLabel="Add an entry requirement"
      />
      {highlightIndexes.map((index) => (
        <Bilingual
          key={index}
          french={<HighlightInputs form={form} index={index} language="fr" />}
          english={<HighlightInputs form={form} index={index} language="en" />}
        />
      ))}
      <BilingualTexts
        form={form}
        name="trades"
        legend="Trades, as students search for them"
        hint="The job names a student types in the programme finder, both genders, e.g. soudeur, soudeuse."
        englishHint="The job names an English speaker types, e.g. welder."
        item="Trade"
        min={1}
        max={12}
        maxLength={60}
        addLabel="Add a trade"
      />
    </Group>
  );
}
