import { type RefObject, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { focusRequestedElement } from '../../../lib/focus.ts';

const controls = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/**
 * The element of a dotted form path (`phones.0.number`): its control (the name react-hook-form
 * gives it), else the first control within it (`scheduleHours`: `scheduleHours.jour`), else the
 * group marked `data-field` (an empty list), else the nearest enclosing path's (`phones.3.number`
 * when there are two phones: the phones).
 */
function fieldElement(root: ParentNode | null, path: string): HTMLElement | null {
  if (!root || !/^[\w.]+$/.test(path)) return null;
  const parts = path.split('.');
  while (parts.length > 0) {
    const name = parts.join('.');
    const found =
      root.querySelector<HTMLElement>(`[name="${name}"]`) ??
      root.querySelector<HTMLElement>(`[name^="${name}."]`) ??
      root.querySelector<HTMLElement>(`[data-field="${name}"]`);
    if (found) return found;
    parts.pop();
  }
  return null;
}

/** Whether the form shows this very path, where its message appears: a control, or a list with its own message. */
export function fieldShown(root: ParentNode | null, path: string): boolean {
  if (!root || !/^[\w.]+$/.test(path)) return false;
  return root.querySelector(`[name="${path}"], [data-field="${path}"]`) !== null;
}

/** A group takes focus through its first control, or itself when it has none (read-only). */
function focusTarget(element: HTMLElement): HTMLElement {
  if (element.matches(controls)) return element;
  const control = element.querySelector<HTMLElement>(controls);
  if (control) return control;
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  return element;
}

function focusField(root: ParentNode | null, path: string): boolean {
  const element = fieldElement(root, path);
  if (element) focusRequestedElement(focusTarget(element));
  return element !== null;
}

/** A form opened from the checklist (`?field=phones.0.number`) scrolls to that field and focuses it. */
export function useFieldFromAddress(root: RefObject<HTMLElement | null>): void {
  const [params] = useSearchParams();
  const field = params.get('field');
  useEffect(() => {
    if (field) focusField(root.current, field);
  }, [field, root]);
}

/** The first field in error, in the order they are read: a control marked invalid, or a list's own message. */
export function focusFirstError(root: ParentNode | null): boolean {
  const first = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-group-error]');
  if (!first) return false;
  focusRequestedElement(focusTarget(first));
  return true;
}
