import { diplomaTypes, type EntryLevel, entryLevels } from '@cfp/shared';
import type { ReactNode } from 'react';
import { Bilingual, englishLabel, LanguageHeadings } from './bilingual-fields.tsx';
import { BoundCheckbox, BoundSelect, BoundTextField, type ContentFormApi } from './content-fields.tsx';
import { BilingualList, type ProgrammeValues } from './programme-bilingual.tsx';
import { TextListField } from './text-list-field.tsx';

interface ProgrammeFieldsProps {
  form: ContentFormApi<ProgrammeValues>;
}

const entryLevelLabels: Record<EntryLevel, string> = {
  aucun: 'No diploma required',
  cep: 'CEP',
  bepc: 'BEPC',
  probatoire: 'Probatoire',
  bac: 'Baccalauréat',
};

const diplomaLabels: Record<(typeof diplomaTypes)[number], string> = {
  DQP: 'DQP (Diplôme de Qualification Professionnelle)',
  CQP: 'CQP (Certificat de Qualification Professionnelle)',
  Attestation: 'Attestation from the centre',
};

export function Group({ legend, hint, field, children }: { legend: string; hint?: string; field?: string; children: ReactNode }) {
  return (
    <fieldset className="content-group" data-field={field}>
      <legend>{legend}</legend>
      {hint && <p className="content-group__hint">{hint}</p>}
      {children}
    </fieldset>
  );
}

export function DurationAndLevelFields({ form }: ProgrammeFieldsProps) {
  return (
    <Group legend="Duration and entry level">
      <div className="field-row">
        <BoundTextField
          form={form}
          name="durationMonths"
          label="Duration in months"
          hint="Every text about the duration on the site follows this number."
          type="number"
          inputMode="numeric"
          min={1}
          max={36}
          step={1}
        />
        <BoundSelect
          form={form}
          name="entryLevel"
          label="Entry level"
          hint="The lowest diploma a student needs."
          options={entryLevels.map((level) => ({ value: level, label: entryLevelLabels[level] }))}
        />
      </div>
    </Group>
  );
}

export function DiplomaFields({ form }: ProgrammeFieldsProps) {
  return (
    <Group legend="Diploma">
      <BoundSelect
        form={form}
        name="diplomaType"
        label="Kind of diploma"
        options={diplomaTypes.map((type) => ({ value: type, label: diplomaLabels[type] }))}
      />
      <LanguageHeadings />
      <Bilingual
        french={
          <BoundTextField
            form={form}
            name="diplomaName"
            label="Name of the diploma"
            hint="In French, as on the diploma, e.g. DQP de soudeur."
            maxLength={200}
            lang="fr"
          />
        }
        english={
          <BoundTextField
            form={form}
            name="english.diplomaName"
            label={englishLabel('Name of the diploma')}
            hint="As the English page names it, e.g. DQP (State professional qualification) in welding."
            maxLength={200}
            lang="en"
          />
        }
      />
      <Bilingual
        french={
          <BoundTextField
            form={form}
            name="diplomaAwardedBy"
            label="Awarded by"
            hint="In French, e.g. MINEFOP, or Le centre de formation."
            maxLength={200}
            lang="fr"
          />
        }
        english={
          <BoundTextField
            form={form}
            name="english.diplomaAwardedBy"
            label={englishLabel('Awarded by')}
            hint="e.g. Ministry of Employment and Vocational Training (MINEFOP)."
            maxLength={200}
            lang="en"
          />
        }
      />
    </Group>
  );
}

export function FeeFields({ form }: ProgrammeFieldsProps) {
  return (
    <Group legend="Fees in FCFA" hint="Leave a fee empty when the centre does not publish it.">
      <div className="field-row">
        <BoundTextField
          form={form}
          name="registrationFee"
          label="Registration fee"
          hint="In FCFA, e.g. 25 000"
          inputMode="numeric"
          maxLength={20}
        />
        <BoundTextField
          form={form}
          name="tuitionFee"
          label="Tuition, for the whole programme"
          hint="In FCFA, e.g. 150 000"
          inputMode="numeric"
          maxLength={20}
        />
      </div>
      <BoundTextField
        form={form}
        name="instalments"
        label="Number of instalments (2 to 12)"
        hint="Leave empty if the fees are paid at once or not published."
        inputMode="numeric"
        autoComplete="off"
        maxLength={2}
        className="field__input--short"
      />
    </Group>
  );
}

export function EnrolmentFields({ form }: ProgrammeFieldsProps) {
  return (
    <>
      <TextListField
        form={form}
        name="intakes"
        legend="Next intakes"
        hint="The days classes start. Past dates are refused when you save; leave the list empty when the next dates are not known."
        itemLabel={(index) => `Intake ${index + 1}`}
        max={6}
        addLabel="Add an intake"
        type="date"
      />
      <BilingualList
        form={form}
        name="enrolmentDocuments"
        legend="Enrolment documents"
        hint="What to bring to enrol, one per line, in French: e.g. Photocopie de la carte nationale d’identité."
        englishHint="The same documents in English, in the same order: e.g. A photocopy of your national identity card."
        item="Document"
        max={12}
        addLabel="Add a document"
      />
    </>
  );
}

export function ConfirmedField({ form }: ProgrammeFieldsProps) {
  return (
    <Group legend="Confirmation">
      <BoundCheckbox
        form={form}
        name="confirmed"
        label="Facts confirmed by the centre"
        hint="Tick once the centre has checked this programme’s duration, entry level, diploma, schedules and fees: the site then states them as facts."
      />
    </Group>
  );
}
