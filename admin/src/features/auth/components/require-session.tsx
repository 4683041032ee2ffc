import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { sessionExpiredEvent } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session-storage.ts';
import { sessionQueryOptions, useSession } from '../api/validate-token.ts';
import { useLogout } from '../use-logout.ts';

/** Validates the stored token before showing the admin; any failure clears it and goes to login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const failed = !session.isPending && (session.isError || !session.data);

  useEffect(() => {
    const onExpired = () => logout('Your session has expired. Please log in again.');
    window.addEventListener(sessionExpiredEvent, onExpired);
    return () => window.removeEventListener(sessionExpiredEvent, onExpired);
  }, [logout]);

  useEffect(() => {
    if (!failed) return;
    clearSession();
    queryClient.removeQueries({ queryKey: sessionQueryOptions().queryKey });
  }, [failed, queryClient]);

  if (session.isPending) {
    return (
      <p className="loading" role="status">
        Loading...
      </p>
    );
  }
  if (failed) return <Navigate to="/login" replace />;
  return children;
}
