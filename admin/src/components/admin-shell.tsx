import type { SessionUser } from '@cfp/shared';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';

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

/** The frame of every signed-in page: side navigation (a drawer on phones), the user's menu, the page. */
export function AdminShell({ user, navigation, onLogout, notice }: AdminShellProps) {
  const [navOpen, setNavOpen] = useState(false);
  const location = useLocation();
  const navId = useId();

  // The drawer closes whenever the page changes.
  useEffect(() => setNavOpen(false), [location.pathname]);

  useEffect(() => {
    if (!navOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <div className={navOpen ? 'shell shell--nav-open' : 'shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <button
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
      <nav className="shell__nav" id={navId} aria-label="Admin">
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
      <button type="button" className="shell__backdrop" tabIndex={-1} aria-hidden="true" onClick={() => setNavOpen(false)} />
      <main className="shell__content" id="main">
        {notice}
        <Outlet />
      </main>
    </div>
  );
}
