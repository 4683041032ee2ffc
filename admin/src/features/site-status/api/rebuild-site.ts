import type { SiteStatus } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSiteStatusQueryOptions } from '../../../api/get-site-status.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export function rebuildSite(): Promise<SiteStatus> {
  return apiFetch<SiteStatus>('/site/rebuild', { method: 'POST' });
}

export function useRebuildSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildSite,
    // The answer is the new status, so polling starts without waiting for a refetch.
    onSuccess: (status) => queryClient.setQueryData(getSiteStatusQueryOptions().queryKey, status),
  });
}
