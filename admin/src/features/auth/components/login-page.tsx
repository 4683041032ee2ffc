import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLogin } from '../api/login.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const notice = (location.state as { notice?: string } | null)?.notice;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password }, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };

  return (
    <main className="login">
      <form className="login__card" onSubmit={submit} noValidate={false}>
        <h1>Admin Login</h1>
        {notice && !login.isError && <p className="alert alert--info">{notice}</p>}
        {login.isError && (
          <p className="alert alert--error" role="alert">
            {login.error.message || 'Login failed'}
          </p>
        )}
        <label className="field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button className="button" type="submit" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </main>
  );
}
