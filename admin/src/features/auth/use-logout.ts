import { adminPaths } from '@cfp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSession, getToken } from '../../lib/session-storage.ts';
import { revokeToken } from './api/logout.ts';

/**
 * Forgets the token, the username and every cached answer, then goes to the login page. When the
 * admin signs out (no notice: not an expired session), the API is asked to revoke the token too;
 * that is best effort, the local sign-out happens whatever the answer.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (notice?: string) => {
      if (!notice && getToken()) revokeToken().catch(() => undefined);
      clearSession();
      queryClient.clear();
      navigate(adminPaths.login, { replace: true, state: notice ? { notice } : null });
    },
    [navigate, queryClient],
  );
}
