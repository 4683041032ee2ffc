import './login-page.css';
import { type LoginRequest, loginRequest } from '@cfp/shared';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLogin } from '../api/login.ts';

export function LoginPage() {
  useDocumentTitle('Admin Login');
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm<LoginRequest>({
    defaultValues: { email: '', password: '' },
    resolver: schemaResolver<LoginRequest, LoginRequest>(loginRequest),
  });
  const notice = (location.state as { notice?: string } | null)?.notice;

  const submit = (credentials: LoginRequest) => {
    login.mutate(credentials, { onSuccess: () => navigate('/dashboard', { replace: true }) });
  };

  return (
    <main className="login">
      <form className="login__card" onSubmit={handleSubmit(submit)} noValidate>
        <p className="login__brand">
          <span className="shell__logo" aria-hidden="true">
            CF
          </span>
          Back-office
        </p>
        <h1>Admin Login</h1>
        {notice && !login.isError && <Alert kind="info">{notice}</Alert>}
        {login.isError && <Alert kind="error">{login.error.message || 'Login failed'}</Alert>}
        <TextField
          label="Email"
          registration={register('email')}
          error={formState.errors.email}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
        />
        <TextField
          label="Password"
          registration={register('password')}
          error={formState.errors.password}
          type="password"
          autoComplete="current-password"
          required
        />
        <button className="button button--block" type="submit" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </button>
      </form>
    </main>
  );
}
