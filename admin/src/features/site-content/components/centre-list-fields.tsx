import type { CentreDetailsForm } from '@cfp/shared';
import { phoneName } from '@cfp/shared';
import { useFieldArray, useWatch } from 'react-hook-form';
import { BoundTextField, type ContentFormApi, errorAt } from './content-fields.tsx';
import { fieldHint, fieldLabel, type MissingDetails } from './missing-note.tsx';
import { RepeatedRows } from './repeated-rows.tsx';

interface CentreFieldsProps {
  form: ContentFormApi<CentreDetailsForm>;
  missing: MissingDetails;
}

const phoneNumberHint =
  'Type it as you would dial it, e.g. 6 99 00 00 00; the site shows it this way and makes the call and WhatsApp links.';

export function PhoneRows({ form, missing }: CentreFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'phones' });
  const phones = useWatch({ control: form.control, name: 'phones' });
  const title = (index: number) => phoneName(phones?.[index]?.label ?? '', index);
  const text = (index: number, part: 'label' | 'number') => `phones.${index}.${part}` as const;
  return (
    <RepeatedRows
      legend="Phones"
      hint="The numbers the site shows on every page: at least one, at most four."
      name="phones"
      rowKeys={fields.map((field) => field.id)}
      min={1}
      max={4}
      rowTitle={title}
      addLabel="Add a phone"
      onAdd={() => append({ label: '', number: '' })}
      onRemove={remove}
      error={errorAt(form.formState.errors, 'phones')}
      renderRow={(index) => (
        <>
          <BoundTextField
            form={form}
            name={text(index, 'label')}
            label={fieldLabel('What it is for', missing.get(text(index, 'label')))}
            hint={fieldHint('As the site shows it, in French: e.g. Accueil, Inscriptions.', missing.get(text(index, 'label')))}
            maxLength={60}
          />
          <BoundTextField
            form={form}
            name={text(index, 'number')}
            label={fieldLabel('Number', missing.get(text(index, 'number')))}
            hint={fieldHint(phoneNumberHint, missing.get(text(index, 'number')))}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={40}
          />
        </>
      )}
    />
  );
}

export function OpeningHoursRows({ form, missing }: CentreFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'openingHours' });
  const path = (index: number, part: 'days' | 'hours') => `openingHours.${index}.${part}` as const;
  return (
    <RepeatedRows
      legend="Opening hours"
      hint="One line per set of days, as the site shows them (contact page and footer), in French."
      name="openingHours"
      rowKeys={fields.map((field) => field.id)}
      min={1}
      max={6}
      rowTitle={(index) => `Opening hours, line ${index + 1}`}
      addLabel="Add a line"
      onAdd={() => append({ days: '', hours: '' })}
      onRemove={remove}
      error={errorAt(form.formState.errors, 'openingHours')}
      renderRow={(index) => (
        <>
          <BoundTextField
            form={form}
            name={path(index, 'days')}
            label={fieldLabel('Days', missing.get(path(index, 'days')))}
            hint={fieldHint('In French, e.g. du lundi au vendredi.', missing.get(path(index, 'days')))}
            maxLength={80}
          />
          <BoundTextField
            form={form}
            name={path(index, 'hours')}
            label={fieldLabel('Hours', missing.get(path(index, 'hours')))}
            hint={fieldHint('In French, e.g. 8 h – 18 h.', missing.get(path(index, 'hours')))}
            maxLength={80}
          />
        </>
      )}
    />
  );
}
