/**
 * The departments under "Formations" in the header's menu, an island (`client:visible`: it
 * hydrates when the list first shows, in the phone's open menu or the desktop's dropdown, so a
 * page whose menu is never opened loads none of its code). Below 1024 px the list starts open,
 * a department one tap from the open menu (decision 0032), and a toggle folds it; the toggle
 * shows only once it works. On wide screens the list is a dropdown that opens on hover and
 * focus in CSS, and the toggle is not shown.
 */
import { type ReactNode, useEffect, useState } from 'react';

interface DepartmentsMenuProps {
  /** The toggle's name: the departments. */
  label: string;
  /** Slots, rendered by Astro: the departments' list (its links are in the page once, not also in the island's props) and the toggle's chevron. */
  children?: ReactNode;
  chevron?: ReactNode;
}

const listId = 'departements-menu';

export default function DepartmentsMenu({ label, children, chevron }: DepartmentsMenuProps) {
  const [open, setOpen] = useState(true);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  return (
    <>
      <button
        type="button"
        className="dropdown-toggle"
        aria-expanded={String(open) as 'true' | 'false'}
        aria-controls={listId}
        aria-label={label}
        hidden={!hydrated}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {chevron}
      </button>
      <div id={listId} className={open ? 'dropdown' : 'dropdown is-folded'}>
        {children}
      </div>
    </>
  );
}
