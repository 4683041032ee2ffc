/**
 * One field of a public form (contact, callback request, pre-enrolment): its label, its control,
 * its hint and its error, tied together for screen readers. The contact island renders it with
 * its errors; the callback and pre-enrolment forms render it at build time (no JavaScript of its
 * own), and scripts/public-form.ts writes their errors into the same `{id}-error` paragraph.
 */
import type { HTMLAttributes } from 'react';

export interface FieldOption {
  value: string;
  label: string;
  /** Data attributes the form's script reads (`{ schedules: 'jour soir' }` is `data-schedules`). */
  data?: Record<string, string>;
}

export interface FieldOptionGroup {
  label: string;
  options: FieldOption[];
  data?: Record<string, string>;
}

export type FieldControl =
  | {
      kind: 'input';
      type: 'text' | 'email' | 'tel' | 'checkbox';
      autoComplete?: string;
      inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
      maxLength?: number;
    }
  | { kind: 'textarea'; rows: number; maxLength?: number }
  /** A list whose first, empty choice is `blank`; `groups` become optgroups after the `options`. */
  | { kind: 'select'; blank: string; options?: FieldOption[]; groups?: FieldOptionGroup[] };

export interface FormFieldProps {
  /** The control's id; its hint and its error are `{id}-hint` and `{id}-error`. */
  id: string;
  name: string;
  label: string;
  control: FieldControl;
  required?: boolean;
  /** Read with the control by screen readers. */
  hint?: string;
  /** A link under the control, not read with it (a page that explains the choices). */
  hintLink?: { href: string; text: string };
  /** Another element that describes the control (the privacy note under a consent box). */
  describedBy?: string;
  /** The API's message for this field; the static forms' script writes it in place instead. */
  error?: string;
}

export const hintIdOf = (id: string) => `${id}-hint`;
export const errorIdOf = (id: string) => `${id}-error`;

const dataAttributes = (data: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(data).map(([key, value]) => [`data-${key}`, value]));

function Options({ options = [] }: { options?: FieldOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value} {...dataAttributes(option.data)}>
      {option.label}
    </option>
  ));
}

function Control({ control, ...attributes }: { control: FieldControl } & HTMLAttributes<HTMLElement> & Record<string, unknown>) {
  if (control.kind === 'textarea') return <textarea rows={control.rows} maxLength={control.maxLength} {...attributes} />;
  if (control.kind === 'input') {
    const { kind: _, ...input } = control;
    return <input {...input} {...attributes} />;
  }
  return (
    <select {...attributes}>
      <option value="">{control.blank}</option>
      <Options options={control.options} />
      {control.groups?.map((group) => (
        <optgroup key={group.label} label={group.label} {...dataAttributes(group.data)}>
          <Options options={group.options} />
        </optgroup>
      ))}
    </select>
  );
}

export default function FormField({ id, name, label, control, required, hint, hintLink, describedBy, error }: FormFieldProps) {
  const describedByIds = [describedBy, hint && hintIdOf(id), error && errorIdOf(id)].filter(Boolean).join(' ');
  const isCheckbox = control.kind === 'input' && control.type === 'checkbox';
  const labelElement = <label htmlFor={id}>{label}</label>;
  return (
    <div className={isCheckbox ? 'field field--check' : 'field'}>
      {!isCheckbox && labelElement}
      <Control
        control={control}
        id={id}
        name={name}
        required={required}
        aria-describedby={describedByIds || undefined}
        aria-invalid={error ? 'true' : undefined}
      />
      {isCheckbox && labelElement}
      {hint && (
        <p className="field__hint" id={hintIdOf(id)}>
          {hint}
        </p>
      )}
      {hintLink && (
        <p className="field__hint">
          <a href={hintLink.href}>{hintLink.text}</a>
        </p>
      )}
      <p className="field__error" id={errorIdOf(id)} hidden={!error}>
        {error}
      </p>
    </div>
  );
}
