import type { AdminSettings } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function getSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiFetch<AdminSettings>('/settings', { signal });
}

export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: ({ signal }) => getSettings(signal), staleTime: Number.POSITIVE_INFINITY });

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
