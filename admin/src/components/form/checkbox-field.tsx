import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type' | 'onChange' | 'onBlur'> {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: ReactNode;
}

/** A checkbox with its label beside it (the whole line is the target), its hint and its error under it. */
export function CheckboxField({ label, registration, error, hint, ...input }: CheckboxFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error?.message ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field field--checkbox">
      <div className="checkbox">
        <input
          type="checkbox"
          {...input}
          id={id}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          {...registration}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error?.message && (
        <p className="field__error" id={`${id}-error`}>
          {error.message}
        </p>
      )}
    </div>
  );
}
