import type { SessionUser } from '@cfp/shared';
import type React from 'react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { focusIsRequested, focusPageHeading } from '../lib/focus.ts';

export interface NavigationItem {
  to: string;
  label: string;
  /** A count shown beside the label (unread messages), with its spoken form. */
  badge?: { count: number; label: string };
}

interface AdminShellProps {
  user: SessionUser;
  navigation: NavigationItem[];
  onLogout: () => void;
  /** Shown above every page and kept across them: the publication notice. */
  notice?: ReactNode;
}

const roleLabels: Record<SessionUser['role'], string> = { admin: 'Admin', superAdmin: 'Super admin' };

function UserMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        type="button"
        className="user-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu__name">{user.username}</span>
        <span className="badge badge--role">{roleLabels[user.role]}</span>
        <span className="user-menu__caret" aria-hidden="true" />
      </button>
      {open && (
        <ul className="user-menu__list" id={menuId}>
          <li className="user-menu__who">
            <span>Signed in as</span>
            <strong>{user.username}</strong>
            <span className="badge badge--role">{roleLabels[user.role]}</span>
          </li>
          <li>
            <button type="button" onClick={onLogout}>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

const focusable = 'a[href], button:not([disabled])';

/**
 * On phones the open navigation is a modal dialog: focus moves to its first link, Tab stays
 * inside, Escape and its Close button close it, and focus returns to the Menu button, unless
 * a link was followed (then the new page takes focus).
 */
function useNavigationDialog(
  open: boolean,
  close: () => void,
  nav: React.RefObject<HTMLElement | null>,
  opener: React.RefObject<HTMLButtonElement | null>,
) {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    const drawer = nav.current;
    if (!open || !drawer) return;
    drawer.querySelector<HTMLElement>('ul a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...drawer.querySelectorAll<HTMLElement>(focusable)];
      const first = items[0];
      const last = items.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Closed without leaving the page: back to the button that opened it.
      if (drawer.contains(document.activeElement) || document.activeElement === document.body) opener.current?.focus();
    };
  }, [open, nav, opener]);
}

/** The new page's code is still on its way: the route's skeleton (page-skeleton.tsx) stands in for it. */
const pageLoading = (main: HTMLElement | null) => main?.querySelector('.skeleton') != null;

/**
 * After a route change, focus goes to the new page's heading, so that a screen reader starts
 * reading there and Tab continues from it (not from a link of the page that is gone).
 */
function useFocusOnNavigation(pathname: string, main: React.RefObject<HTMLElement | null>) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The heading comes once the page's code has loaded (however long that takes on a slow line),
    // then at most a second later; a page without one has its content focused instead. Unless the
    // page focused what it was opened for (a form field named in its address).
    let tries = 0;
    const timer = setInterval(() => {
      if (focusIsRequested() || focusPageHeading()) {
        clearInterval(timer);
        return;
      }
      if (pageLoading(main.current)) return;
      tries += 1;
      if (tries < 20) return;
      clearInterval(timer);
      main.current?.focus();
    }, 50);
    return () => clearInterval(timer);
  }, [pathname, main]);
}

/** The frame of every signed-in page: side navigation (a drawer on phones), the user's menu, the page. */
export function AdminShell({ user, navigation, onLogout, notice }: AdminShellProps) {
  const [navOpen, setNavOpen] = useState(false);
  const location = useLocation();
  const navId = useId();
  const navRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  // The drawer closes whenever the page changes.
  useEffect(() => setNavOpen(false), [location.pathname]);
  useNavigationDialog(navOpen, () => setNavOpen(false), navRef, menuButtonRef);
  useFocusOnNavigation(location.pathname, mainRef);

  return (
    <div className={navOpen ? 'shell shell--nav-open' : 'shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <button
          ref={menuButtonRef}
          type="button"
          className="shell__menu-button"
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={() => setNavOpen((open) => !open)}
        >
          <span className="shell__menu-icon" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <p className="shell__brand">
          <span className="shell__logo" aria-hidden="true">
            CF
          </span>
          Back-office
        </p>
        <UserMenu user={user} onLogout={onLogout} />
      </header>
      <div
        ref={navRef}
        className="shell__nav"
        id={navId}
        {...(navOpen ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Menu' } : {})}
      >
        {navOpen && (
          <button type="button" className="shell__nav-close" aria-label="Close menu" onClick={() => setNavOpen(false)}>
            <span aria-hidden="true">×</span>
          </button>
        )}
        <nav aria-label="Admin">
          <p className="shell__nav-brand">
            <span className="shell__logo shell__logo--light" aria-hidden="true">
              CF
            </span>
            Back-office
          </p>
          <ul>
            {navigation.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>
                  <span>{item.label}</span>
                  {item.badge && item.badge.count > 0 && (
                    <span className="nav-count">
                      <span aria-hidden="true">{item.badge.count}</span>
                      <span className="visually-hidden">, {item.badge.label}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <button type="button" className="shell__backdrop" tabIndex={-1} aria-hidden="true" onClick={() => setNavOpen(false)} />
      <main className="shell__content" id="main" ref={mainRef} tabIndex={-1}>
        {notice}
        <Outlet />
      </main>
    </div>
  );
}
