import { type ReactNode, useId } from 'react';
import type { FieldError } from 'react-hook-form';

/** What a field's control needs to be tied to its label, its hint and its error. */
interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  label: ReactNode;
  /** The schema's message for this field, shown beside it. */
  error?: FieldError | undefined;
  hint?: ReactNode;
  /**
   * A control that is not a form element (a rich-text editor) cannot be the target of a
   * `<label for>`: it gets `aria-labelledby` pointing at the label instead.
   */
  labelledBy?: boolean;
  children: (control: FieldControlProps, labelId: string) => ReactNode;
}

/** The schemas' messages begin in lower case ("email is required"); beside a field they are sentences. */
const asSentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** A labelled field whose error, in the schema's words, is read out with the control it belongs to. */
export function FormField({ label, error, hint, labelledBy = false, children }: FormFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="field">
      {labelledBy ? (
        <span className="field__label" id={labelId}>
          {label}
        </span>
      ) : (
        <label className="field__label" id={labelId} htmlFor={id}>
          {label}
        </label>
      )}
      {children({ id, 'aria-invalid': Boolean(error), ...(describedBy ? { 'aria-describedby': describedBy } : {}) }, labelId)}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error?.message && (
        <p className="field__error" id={errorId}>
          {asSentence(error.message)}
        </p>
      )}
    </div>
  );
}
