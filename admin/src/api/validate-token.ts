import type { SessionUser } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client.ts';
import { getToken } from '../lib/session-storage.ts';

export function validateToken(signal?: AbortSignal): Promise<SessionUser | null> {
  if (!getToken()) return Promise.resolve(null);
  return apiFetch<SessionUser>('/auth/validateToken', { signal, sessionCheck: true });
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: ({ signal }) => validateToken(signal), retry: false, staleTime: 5 * 60_000 });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
