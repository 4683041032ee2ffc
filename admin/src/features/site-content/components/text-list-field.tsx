import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from '../../../components/form/form-field.tsx';
import { announce } from '../../../lib/announcer.ts';
import { type ContentFormApi, errorAt, GroupError } from './content-fields.tsx';

interface TextListProps {
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  /** Each entry's label: "Skill 3". */
  itemLabel: (index: number) => string;
  min?: number;
  max: number;
  addLabel: string;
  type?: 'text' | 'date';
  maxLength?: number;
  /** The language of the entries: `fr` or `en` for a content text. */
  lang?: string;
}

interface TextListFieldProps<Values extends FieldValues> extends TextListProps {
  form: ContentFormApi<Values>;
  name: Path<Values>;
}

const replaceAt = (values: string[], index: number, value: string) => values.map((item, at) => (at === index ? value : item));

/** A list of one-line entries (skills, documents, intake dates) with Add and Remove, as one value of the form. */
export function TextListField<Values extends FieldValues>({ form, name, ...list }: TextListFieldProps<Values>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextList
          {...list}
          name={name}
          values={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          errorOf={(path) => errorAt(form.formState.errors, path)}
        />
      )}
    />
  );
}

interface TextListControlProps extends TextListProps {
  values: string[];
  onChange: (values: string[]) => void;
  onBlur: () => void;
  errorOf: (path: string) => ReturnType<typeof errorAt>;
}

function TextList({
  name,
  legend,
  hint,
  itemLabel,
  min = 0,
  max,
  addLabel,
  type = 'text',
  maxLength,
  lang,
  values,
  onChange,
  onBlur,
  errorOf,
}: TextListControlProps) {
  const id = useId();
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusAfter, setFocusAfter] = useState<{ index: number } | { add: true } | null>(null);
  useEffect(() => {
    if (!focusAfter) return;
    if ('add' in focusAfter) addRef.current?.focus();
    else groupRef.current?.querySelector<HTMLElement>(`[name="${name}.${focusAfter.index}"]`)?.focus();
  }, [focusAfter, name]);

  const add = () => {
    onChange([...values, '']);
    setFocusAfter({ index: values.length });
  };
  const remove = (index: number) => {
    onChange(values.filter((_, at) => at !== index));
    announce(`${itemLabel(index)} removed.`);
    setFocusAfter({ add: true });
  };
  const listError = errorOf(name);
  const describedBy = [hint ? `${id}-hint` : null, listError?.message ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset ref={groupRef} className="content-group" data-field={name} aria-describedby={describedBy || undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p className="content-group__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {values.length > 0 && (
        <ol className="text-list">
          {values.map((value, index) => (
            // An entry is its position: its value follows the index.
            <li key={index} className="text-list__item">
              <FormField label={itemLabel(index)} error={errorOf(`${name}.${index}`)}>
                {(control) => (
                  <input
                    {...control}
                    type={type}
                    name={`${name}.${index}`}
                    value={value}
                    maxLength={maxLength}
                    lang={lang}
                    onChange={(event) => onChange(replaceAt(values, index, event.target.value))}
                    onBlur={onBlur}
                  />
                )}
              </FormField>
              {values.length > min && (
                <button
                  type="button"
                  className="button button--small button--danger-outline"
                  aria-label={`Remove ${itemLabel(index)}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <GroupError id={`${id}-error`} error={listError} />
      <button
        ref={addRef}
        type="button"
        className="button button--small button--secondary"
        disabled={values.length >= max}
        onClick={add}
      >
        {addLabel}
      </button>
    </fieldset>
  );
}
