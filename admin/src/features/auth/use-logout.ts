import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearSession } from '../../lib/session-storage.ts';

/** Forgets the token, the username and every cached answer, then goes to the login page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (notice?: string) => {
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true, state: notice ? { notice } : null });
    },
    [navigate, queryClient],
  );
}
