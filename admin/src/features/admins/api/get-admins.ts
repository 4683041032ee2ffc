import type { AdminAccountListEntry } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function getAdmins(signal?: AbortSignal): Promise<AdminAccountListEntry[]> {
  return apiFetch<AdminAccountListEntry[]>('/auth', { signal });
}

export const getAdminsQueryOptions = () => queryOptions({ queryKey: ['admins'], queryFn: ({ signal }) => getAdmins(signal) });

export function useAdmins() {
  return useQuery(getAdminsQueryOptions());
}
