import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { FieldError, FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';

/**
 * The content forms' fields, bound by their dotted path (`phones.0.number`), which is also the
 * path the API's messages and the checklist's links name.
 */
export type ContentFormApi<Values extends FieldValues> = UseFormReturn<Values, unknown, Values>;

/** The message at a dotted path: a field's own, or a list's (`skills`: "Give 6 to 10 skills"). */
export function errorAt(errors: FieldErrors, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const error = node as (FieldError & { root?: FieldError }) | undefined;
  if (!error) return undefined;
  if (typeof error.message === 'string') return error;
  return error.root;
}

interface BoundProps<Values extends FieldValues> {
  form: ContentFormApi<Values>;
  name: Path<Values>;
  label: ReactNode;
  hint?: ReactNode;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'form' | 'onChange' | 'onBlur'>;

export function BoundTextField<Values extends FieldValues>({ form, name, ...props }: BoundProps<Values> & InputProps) {
  return <TextField {...props} registration={form.register(name)} error={errorAt(form.formState.errors, name)} />;
}

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'form' | 'onChange' | 'onBlur'>;

export function BoundTextarea<Values extends FieldValues>({ form, name, ...props }: BoundProps<Values> & TextareaProps) {
  return <TextareaField {...props} registration={form.register(name)} error={errorAt(form.formState.errors, name)} />;
}

export function BoundSelect<Values extends FieldValues>({
  form,
  name,
  ...props
}: BoundProps<Values> & { options: ReadonlyArray<{ value: string; label: string }> }) {
  return <SelectField {...props} registration={form.register(name)} error={errorAt(form.formState.errors, name)} />;
}

export function BoundCheckbox<Values extends FieldValues>({ form, name, ...props }: BoundProps<Values>) {
  return <CheckboxField {...props} registration={form.register(name)} error={errorAt(form.formState.errors, name)} />;
}

/** A list's own message ("Give at least one phone number"), focused first when it is the first thing to fix. */
export function GroupError({ id, error }: { id: string; error: FieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p className="field__error" id={id} data-group-error tabIndex={-1}>
      {error.message}
    </p>
  );
}
