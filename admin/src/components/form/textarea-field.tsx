import type { ReactNode, TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'onChange' | 'onBlur'> {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: ReactNode;
}

/** A `<textarea>` bound to a react-hook-form field, with its label, hint and error beside it. */
export function TextareaField({ label, registration, error, hint, rows = 4, ...textarea }: TextareaFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <textarea rows={rows} {...textarea} {...control} {...registration} />}
    </FormField>
  );
}
