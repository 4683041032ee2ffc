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
