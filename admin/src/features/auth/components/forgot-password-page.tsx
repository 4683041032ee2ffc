import { adminPaths, type ForgotPasswordRequest, forgotPasswordRequest } from '@cfp/shared';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { schemaResolver } from '../../../components/form/schema-resolver.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/password-links.ts';
import { AuthCard } from './auth-card.tsx';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const request = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordRequest>({
    defaultValues: { email: '' },
    resolver: schemaResolver<ForgotPasswordRequest, ForgotPasswordRequest>(forgotPasswordRequest),
  });

  return (
    <AuthCard onSubmit={handleSubmit((input) => request.mutate(input))}>
      <h1>Forgot password</h1>
      {request.isSuccess ? (
        <Alert kind="success">{request.data.message}</Alert>
      ) : (
        <>
          <p className="login__lead">Type the email address you sign in with: we send it a link to choose a new password.</p>
          {request.isError && <Alert kind="error">{errorMessage(request.error, 'The link could not be requested')}</Alert>}
          <TextField
            label="Email"
            registration={register('email')}
            error={formState.errors.email}
            type="email"
            autoComplete="username"
            inputMode="email"
            required
          />
          <button className="button button--block" type="submit" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send the link'}
          </button>
        </>
      )}
      <p className="login__aside">
        <Link to={adminPaths.login}>Back to login</Link>
      </p>
    </AuthCard>
  );
}
