import { phoneName } from '@cfp/shared';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Bilingual } from './bilingual-fields.tsx';
import { type CentreFieldsProps, CentreText } from './centre-details-fields.tsx';
import { BoundTextField, errorAt } from './content-fields.tsx';
import { fieldHint, fieldLabel } from './missing-note.tsx';
import { RepeatedRows } from './repeated-rows.tsx';

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
                hint={fieldHint(
                  'As the site shows it, in French: e.g. Accueil, Inscriptions.',
                  missing.get(text(index, 'label')),
                )}
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
      hint={fieldHint(phoneNumberHint, missing.get(name))}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      maxLength={40}
    />
  );
}

const hourWords = {
  days: { label: 'Days', french: 'In French, e.g. du lundi au vendredi.', english: 'e.g. Monday to Friday.' },
  hours: { label: 'Hours', french: 'In French, e.g. 8 h – 18 h.', english: 'e.g. 8 am – 6 pm.' },
};

/** The opening hours, each line with its English beside it (item for item, as content/en/centre.yaml holds them). */
export function OpeningHoursRows({ form, missing }: CentreFieldsProps) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'openingHours' });
  const english = useFieldArray({ control: form.control, name: 'english.openingHours' });
  const path = (index: number, part: 'days' | 'hours') => `openingHours.${index}.${part}` as const;
  return (
    <RepeatedRows
      legend="Opening hours"
      hint="One line per set of days, as the site shows them (contact page and footer), in French and in English."
      name="openingHours"
      rowKeys={fields.map((field) => field.id)}
      min={1}
      max={6}
      rowTitle={(index) => `Opening hours, line ${index + 1}`}
      addLabel="Add a line"
      onAdd={() => {
        english.append({ days: '', hours: '' }, { shouldFocus: false });
        append({ days: '', hours: '' });
      }}
      onRemove={(index) => {
        remove(index);
        english.remove(index);
      }}
      error={errorAt(form.formState.errors, 'openingHours')}
      renderRow={(index) => (
        <>
          {(['days', 'hours'] as const).map((part) => (
            <Bilingual
              key={part}
              french={
                <BoundTextField
                  form={form}
                  name={path(index, part)}
                  label={fieldLabel(hourWords[part].label, missing.get(path(index, part)))}
                  hint={fieldHint(hourWords[part].french, missing.get(path(index, part)))}
                  maxLength={80}
                  lang="fr"
                />
              }
              english={
                <CentreText
                  form={form}
                  missing={missing}
                  name={`english.openingHours.${index}.${part}`}
                  label={hourWords[part].label}
                  hint={hourWords[part].english}
                  maxLength={80}
                />
              }
            />
          ))}
        </>
      )}
    />
  );
}
