import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLogin } from '../api/login.ts';

export function LoginPage() {
  useDocumentTitle('Admin Login');
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const notice = (location.state as { notice?: string } | null)?.notice;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password }, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };

  return (
    <main className="login">
      <form className="login__card" onSubmit={submit}>
        <p className="login__brand">
          <span className="shell__logo" aria-hidden="true">
            CF
          </span>
          Back-office
        </p>
        <h1>Admin Login</h1>
        {notice && !login.isError && <Alert kind="info">{notice}</Alert>}
        {login.isError && <Alert kind="error">{login.error.message || 'Login failed'}</Alert>}
        <label className="field">
          <span className="field__label">Email</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button className="button button--block" type="submit" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </main>
  );
}
