import type { SiteStatus } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client.ts';

export function getSiteStatus(signal?: AbortSignal): Promise<SiteStatus> {
  return apiFetch<SiteStatus>('/site/status', { signal });
}

const busy = (status: SiteStatus | undefined) => status?.state === 'building' || status?.state === 'scheduled';

export const getSiteStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['site-status'],
    queryFn: ({ signal }) => getSiteStatus(signal),
    // Watched closely only while a build is under way.
    refetchInterval: (query) => (busy(query.state.data) ? 3000 : false),
  });

export function useSiteStatus() {
  return useQuery(getSiteStatusQueryOptions());
}
