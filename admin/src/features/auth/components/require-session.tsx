import { adminPaths } from '@cfp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useSettings } from '../../../api/get-settings.ts';
import { sessionQueryOptions, useSession } from '../../../api/validate-token.ts';
import { ApiError, sessionExpiredEvent, sessionExpiredFallback } from '../../../lib/api-client.ts';
import { setTimeZone } from '../../../lib/format.ts';
import { clearSession } from '../../../lib/session-storage.ts';
import { useLogout } from '../use-logout.ts';

/** Why the login page is shown again: the server's reason ("Session revoked: ..."), else a plain one. */
function endedNotice(error: unknown): string {
  if (!(error instanceof ApiError) || error.status !== 401) return 'Your session could not be checked. Please log in again.';
  return error.message || sessionExpiredFallback;
}

/**
 * Validates the stored token before showing the admin; any failure clears it and goes to login
 * (replacing the history entry). A token refused at load or mid-session says why on the login page;
 * having no token at all just shows the login page. Once signed in, the server's settings are read
 * before the first screen, so that no date is shown in another time zone first (without them,
 * the admin shows the default zone).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const failed = !session.isPending && (session.isError || !session.data);
  const settings = useSettings({ enabled: !session.isPending && !failed });

  useEffect(() => {
    const onExpired = (event: Event) => logout((event as CustomEvent<string>).detail || sessionExpiredFallback);
    window.addEventListener(sessionExpiredEvent, onExpired);
    return () => window.removeEventListener(sessionExpiredEvent, onExpired);
  }, [logout]);

  useEffect(() => {
    if (!failed) return;
    clearSession();
    queryClient.removeQueries({ queryKey: sessionQueryOptions().queryKey });
  }, [failed, queryClient]);

  if (session.isPending || (!failed && settings.isPending)) {
    return (
      <p className="loading" role="status">
        Loading...
      </p>
    );
  }
  if (failed) {
    return <Navigate to={adminPaths.login} replace state={session.isError ? { notice: endedNotice(session.error) } : null} />;
  }
  // Before the children render, so that their first dates are already in the centre's zone.
  if (settings.data) setTimeZone(settings.data.timeZone);
  return children;
}
