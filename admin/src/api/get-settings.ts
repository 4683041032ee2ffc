import type { AdminSettings } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client.ts';

export function getSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiFetch<AdminSettings>('/settings', { signal });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => getSettings(signal),
    // The server's settings change only with a restart; without them the admin keeps its defaults rather than wait.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Asked once the session is valid (the API answers signed-in users only). */
export function useSettings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}
