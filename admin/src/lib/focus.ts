/**
 * Moves focus to the page's heading, where a screen reader starts reading and Tab continues:
 * after a route change, or when the focused control disappeared (a deleted row). Returns
 * false when the page has no heading yet.
 */
export function focusPageHeading(root: ParentNode = document): boolean {
  const heading = root.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

let requested: HTMLElement | null = null;

/**
 * Focuses what the page was opened for (a field named in its address), and remembers it: the
 * shell's focus on the heading after a route change leaves it there.
 */
export function focusRequestedElement(element: HTMLElement): void {
  element.scrollIntoView?.({ block: 'center' });
  element.focus({ preventScroll: true });
  requested = element;
}

/** Whether focus is on what a page focused itself. */
export function focusIsRequested(): boolean {
  return requested?.isConnected === true && document.activeElement === requested;
}
