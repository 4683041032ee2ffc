import './login-page.css';
import type { ReactNode } from 'react';

/** The card the signed-out pages share: login, forgotten password, choosing a password from a link. */
export function AuthCard({ children, onSubmit }: { children: ReactNode; onSubmit?: (event: React.FormEvent) => void }) {
  const brand = (
    <p className="login__brand">
      <span className="shell__logo" aria-hidden="true">
        CF
      </span>
      Back-office
    </p>
  );
  return (
    <main className="login">
      {onSubmit ? (
        <form className="login__card" onSubmit={onSubmit} noValidate>
          {brand}
          {children}
        </form>
      ) : (
        <div className="login__card">
          {brand}
          {children}
        </div>
      )}
    </main>
  );
}
