import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field.tsx';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur'> {
  label: ReactNode;
  /** `register('field')` of the form that owns the value. */
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: ReactNode;
}

/** An `<input>` bound to a react-hook-form field, with its label, hint and error beside it. */
export function TextField({ label, registration, error, hint, type = 'text', ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <input type={type} {...input} {...control} {...registration} />}
    </FormField>
  );
}
