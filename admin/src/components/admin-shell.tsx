import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useSession } from '../features/auth/api/session-query.ts';
import { clearSession } from '../features/auth/session.ts';

const navigation = [{ to: '/dashboard', label: 'Dashboard' }];

export function AdminShell() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);
  const user = session.data;
  if (!user) return null;

  const logout = () => {
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <div className="shell">
      <nav className="shell__nav" aria-label="Admin">
        <p className="shell__brand">Back-office</p>
        <ul>
          {navigation.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="shell__main">
        <header className="shell__header">
          <div className="user-menu">
            <button type="button" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
              {user.username} <span className="badge">{user.role}</span>
            </button>
            {menuOpen && (
              <ul className="user-menu__list">
                <li>
                  <button type="button" onClick={logout}>
                    Logout
                  </button>
                </li>
              </ul>
            )}
          </div>
        </header>
        <main className="shell__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
