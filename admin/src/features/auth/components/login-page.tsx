import { adminPaths, type LoginRequest, loginRequest } from '@cfp/shared';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from './auth-card.tsx';

/** What another page may hand the login page: why it is shown, and the address to sign in with. */
export interface LoginPageState {
  notice?: string;
  email?: string;
}

export function LoginPage() {
  useDocumentTitle('Admin Login');
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const state = (location.state as LoginPageState | null) ?? {};
  const { register, handleSubmit, formState } = useForm<LoginRequest>({
    defaultValues: { email: state.email ?? '', password: '' },
    resolver: schemaResolver<LoginRequest, LoginRequest>(loginRequest),
  });

  const submit = (credentials: LoginRequest) => {
    login.mutate(credentials, { onSuccess: () => navigate(adminPaths.dashboard, { replace: true }) });
  };

  return (
    <AuthCard onSubmit={handleSubmit(submit)}>
      <h1>Admin Login</h1>
      {state.notice && !login.isError && <Alert kind="info">{state.notice}</Alert>}
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
      <p className="login__aside">
        <Link to={adminPaths.forgotPassword}>Forgot password?</Link>
      </p>
    </AuthCard>
  );
}
