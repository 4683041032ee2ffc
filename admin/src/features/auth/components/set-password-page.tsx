import { type AccountLink, adminPaths, type SetPasswordForm, setPasswordForm } from '@cfp/shared';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAccountLink, useSetPasswordByLink } from '../api/password-links.ts';
import { AuthCard } from './auth-card.tsx';
import type { LoginPageState } from './login-page.tsx';

const tokenIn = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

const titles: Record<AccountLink['purpose'], string> = {
  invitation: 'Welcome: choose your password',
  reset: 'Choose a new password',
};

function ChoosePasswordForm({ token, link }: { token: string; link: AccountLink }) {
  const navigate = useNavigate();
  const setPassword = useSetPasswordByLink();
  const { register, handleSubmit, control, formState } = useForm<SetPasswordForm>({
    defaultValues: { password: '', confirmation: '' },
    resolver: schemaResolver<SetPasswordForm, SetPasswordForm>(setPasswordForm),
  });
  const password = useWatch({ control, name: 'password' });

  const submit = ({ password: chosen }: SetPasswordForm) =>
    setPassword.mutate(
      { token, password: chosen },
      {
        onSuccess: (answer) =>
          navigate(adminPaths.login, {
            replace: true,
            state: { notice: answer.message, email: link.email } satisfies LoginPageState,
          }),
      },
    );

  return (
    <form onSubmit={handleSubmit(submit)} noValidate>
      <p className="login__lead">
        {link.purpose === 'invitation'
          ? `Hello ${link.username}. Choose your password: you will sign in with it and your address ${link.email}.`
          : `For the account ${link.email}. Choosing a new password signs this account out everywhere.`}
      </p>
      {setPassword.isError && <Alert kind="error">{errorMessage(setPassword.error, 'The password could not be set')}</Alert>}
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" value={link.email} autoComplete="username" readOnly hidden />
      <PasswordField
        label="New password"
        hint="At least 12 characters; a passphrase of a few unrelated words is best."
        required
        registration={register('password')}
        error={formState.errors.password}
        value={password}
        owner={{ linkToken: token }}
      />
      <TextField
        label="Type it again"
        registration={register('confirmation')}
        error={formState.errors.confirmation}
        type="password"
        autoComplete="new-password"
        required
      />
      <button className="button button--block" type="submit" disabled={setPassword.isPending}>
        {setPassword.isPending ? 'Saving...' : 'Save password'}
      </button>
    </form>
  );
}

/** Where the link of an invitation or a reset e-mail lands: the token is in the fragment, which no server sees. */
export function SetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => tokenIn(location.hash));
  const link = useAccountLink(token);
  useDocumentTitle(link.data ? titles[link.data.purpose] : 'Choose a password');

  // The token leaves the address bar and the history once read.
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname }, { replace: true });
  }, [location.hash, location.pathname, navigate]);

  return (
    <AuthCard>
      <h1>{link.data ? titles[link.data.purpose] : 'Choose a password'}</h1>
      {token === '' && <Alert kind="error">This page opens from the link in an invitation or password email.</Alert>}
      {link.isPending && token !== '' && <Spinner label="Checking the link..." />}
      {link.isError && <Alert kind="error">{errorMessage(link.error, 'This link could not be checked. Try again later.')}</Alert>}
      {link.data && <ChoosePasswordForm token={token} link={link.data} />}
      <p className="login__aside">
        {link.isError || token === '' ? (
          <Link to={adminPaths.forgotPassword}>Ask for a new link</Link>
        ) : (
          <Link to={adminPaths.login}>Back to login</Link>
        )}
      </p>
    </AuthCard>
  );
}
