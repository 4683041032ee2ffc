import type { LoginRequest, LoginResponse, SessionUser } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../../api/validate-token.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session-storage.ts';

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/auth/login', { method: 'POST', body: credentials, anonymous: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      saveSession(answer.Token, answer.username);
      const user: SessionUser = { username: answer.username, role: answer.role };
      queryClient.setQueryData(sessionQueryOptions().queryKey, user);
    },
  });
}
