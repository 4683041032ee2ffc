import { blankWeeklyHours, phoneName } from '@cfp/shared';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Bilingual } from './bilingual-fields.tsx';
import { type CentreFieldsProps, CentreText } from './centre-details-fields.tsx';
import { BoundTextField, errorAt } from './content-fields.tsx';
import { fieldLabel } from './missing-note.tsx';
import { RepeatedRows } from './repeated-rows.tsx';
import { WeeklyHoursField } from './weekly-hours-field.tsx';

const phoneNumberHint =
  'Type it as you would dial it, e.g. 6 99 00 00 00; the site shows it this way and makes the call and WhatsApp links.';

/** The centre's phones, each with its label in English beside the French one (content/en/centre.yaml follows them item for item). */
export function PhoneRows({ form, missing }: CentreFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'phones' });
  const english = useFieldArray({ control: form.control, name: 'english.phones' });
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
      onAdd={() => {
        english.append({ label: '' }, { shouldFocus: false });
        append({ label: '', number: '' });
      }}
      onRemove={(index) => {
        remove(index);
        english.remove(index);
      }}
      error={errorAt(form.formState.errors, 'phones')}
      renderRow={(index) => (
        <>
          <Bilingual
            french={
              <BoundTextField
                form={form}
                name={text(index, 'label')}
                label={fieldLabel('What it is for', missing.get(text(index, 'label')))}
                hint={'As the site shows it, in French: e.g. Accueil, Inscriptions.'}
                maxLength={60}
                lang="fr"
              />
            }
            english={
              <CentreText
                form={form}
                missing={missing}
                name={`english.phones.${index}.label`}
                label="What it is for"
                hint="As the English pages show it: e.g. Reception, Enrolment."
                maxLength={60}
              />
            }
          />
          <PhoneNumber form={form} missing={missing} index={index} />
        </>
      )}
    />
  );
}

/** A phone's number: a fact, written once for both languages. */
function PhoneNumber({ form, missing, index }: CentreFieldsProps & { index: number }) {
  const name = `phones.${index}.number` as const;
  return (
    <BoundTextField
      form={form}
      name={name}
      label={fieldLabel('Number', missing.get(name))}
      hint={phoneNumberHint}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      maxLength={40}
    />
  );
}

const openingHoursHint =
  'One line for each set of days with the same hours, e.g. Mon to Fri 08:00 to 18:00, then Sat 08:00 to 12:00: the site says them in French and in English (contact page and footer). Leave the list empty while the centre has not given them.';

/** The opening hours, line by line: days ticked and two times, said by the site in each language. */
export function OpeningHoursRows({ form, missing }: CentreFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'openingHours' });
  const notGiven = missing.get('openingHours');
  return (
    <RepeatedRows
      legend={fieldLabel('Opening hours', notGiven)}
      hint={openingHoursHint}
      name="openingHours"
      rowKeys={fields.map((field) => field.id)}
      min={0}
      max={6}
      rowTitle={(index) => `Opening hours, line ${index + 1}`}
      addLabel="Add a line of opening hours"
      onAdd={() => append(blankWeeklyHours())}
      onRemove={remove}
      error={errorAt(form.formState.errors, 'openingHours')}
      renderRow={(index) => <WeeklyHoursField form={form} name={`openingHours.${index}`} />}
    />
  );
}
