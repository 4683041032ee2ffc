import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { sessionExpiredEvent } from '../../../lib/api-client.ts';
import { sessionQueryOptions, useSession } from '../api/session-query.ts';
import { clearSession } from '../session.ts';

/** Validates the stored token before showing the admin; any failure clears it and goes to login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const onExpired = () => {
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true, state: { notice: 'Your session has expired. Please log in again.' } });
    };
    window.addEventListener(sessionExpiredEvent, onExpired);
    return () => window.removeEventListener(sessionExpiredEvent, onExpired);
  }, [navigate, queryClient]);

  if (session.isPending) return <p className="loading">Loading...</p>;
  if (session.isError || !session.data) {
    clearSession();
    queryClient.removeQueries({ queryKey: sessionQueryOptions().queryKey });
    return <Navigate to="/login" replace />;
  }
  return children;
}
