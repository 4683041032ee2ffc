import type { ReactNode, SelectHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'onChange' | 'onBlur'> {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Value and label of each choice, in the order shown. */
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: FieldError | undefined;
  hint?: ReactNode;
}

/** A `<select>` bound to a react-hook-form field, with its label, hint and error beside it. */
export function SelectField({ label, registration, options, error, hint, ...select }: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <select {...select} {...control} {...registration}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
