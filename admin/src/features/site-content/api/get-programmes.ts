import type { ProgrammeSummary } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { siteContentKey } from './site-content-key.ts';

export function getProgrammes(signal?: AbortSignal): Promise<ProgrammeSummary[]> {
  return apiFetch<ProgrammeSummary[]>('/content/programmes', { signal });
}

export const getProgrammesQueryOptions = () =>
  queryOptions({ queryKey: [...siteContentKey, 'programmes'], queryFn: ({ signal }) => getProgrammes(signal) });

export function useProgrammes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProgrammesQueryOptions(), enabled });
}
