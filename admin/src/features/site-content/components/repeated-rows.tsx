import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { announce } from '../../../lib/announcer.ts';
import { GroupError } from './content-fields.tsx';

interface RepeatedRowsProps {
  /** The list's name, with its marks ("Not given yet"). */
  legend: ReactNode;
  hint?: ReactNode;
  /** The list's form path (`phones`), which the checklist's links and the API's messages may name. */
  name: string;
  /** The key of each row (useFieldArray's ids), in order. */
  rowKeys: string[];
  min: number;
  max: number;
  /** The row's name, in its legend and its Remove button: "Reception phone", "Line 2". */
  rowTitle: (index: number) => string;
  renderRow: (index: number) => ReactNode;
  addLabel: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The list's own message ("Give at least one phone number"). */
  error: FieldError | undefined;
}

/** A list of rows of a few fields each (phones, opening hours), each row a group, with Add and Remove. */
export function RepeatedRows({
  legend,
  hint,
  name,
  rowKeys,
  min,
  max,
  rowTitle,
  renderRow,
  addLabel,
  onAdd,
  onRemove,
  error,
}: RepeatedRowsProps) {
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const [removals, setRemovals] = useState(0);
  // After a removal the row and its button are gone: focus goes to Add, enabled again by then.
  useEffect(() => {
    if (removals > 0) addRef.current?.focus();
  }, [removals]);

  const remove = (index: number) => {
    const title = rowTitle(index);
    onRemove(index);
    announce(`${title} removed.`);
    setRemovals((count) => count + 1);
  };
  const describedBy = [hint ? `${id}-hint` : null, error?.message ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset className="content-group" data-field={name} aria-describedby={describedBy || undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p className="content-group__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {rowKeys.map((key, index) => (
        <fieldset key={key} className="content-row">
          <legend className="content-row__title">{rowTitle(index)}</legend>
          <div className="content-row__fields">{renderRow(index)}</div>
          {rowKeys.length > min && (
            <button
              type="button"
              className="button button--small button--danger-outline content-row__remove"
              aria-label={`Remove ${rowTitle(index)}`}
              onClick={() => remove(index)}
            >
              Remove
            </button>
          )}
        </fieldset>
      ))}
      <GroupError id={`${id}-error`} error={error} />
      <button
        ref={addRef}
        type="button"
        className="button button--small button--secondary"
        disabled={rowKeys.length >= max}
        onClick={onAdd}
      >
        {addLabel}
      </button>
    </fieldset>
  );
}
