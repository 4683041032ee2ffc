import type { CentreDetails } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { siteContentKey } from './site-content-key.ts';

export function getCentreDetails(signal?: AbortSignal): Promise<CentreDetails> {
  return apiFetch<CentreDetails>('/content/centre', { signal });
}

export const getCentreDetailsQueryOptions = () =>
  queryOptions({ queryKey: [...siteContentKey, 'centre'], queryFn: ({ signal }) => getCentreDetails(signal) });

export function useCentreDetails({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCentreDetailsQueryOptions(), enabled });
}
