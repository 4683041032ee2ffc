import type { AuditAction, AuditEntry } from '@cfp/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function getAuditLog(action: AuditAction | undefined, signal?: AbortSignal): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ limit: '200' });
  if (action) query.set('action', action);
  return apiFetch<AuditEntry[]>(`/audit?${query}`, { signal });
}

export const getAuditLogQueryOptions = (action?: AuditAction) =>
  queryOptions({
    queryKey: ['audit', action ?? 'all'],
    queryFn: ({ signal }) => getAuditLog(action, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(action?: AuditAction) {
  return useQuery(getAuditLogQueryOptions(action));
}
