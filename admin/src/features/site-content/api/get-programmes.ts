import type { ProgrammeList } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { siteContentKey } from './site-content-key.ts';

/** The programmes in the list's order, with the content's version they were read at. */
export function getProgrammes(signal?: AbortSignal): Promise<ProgrammeList> {
  return apiFetch<ProgrammeList>('/content/programmes', { signal });
}

export const getProgrammesQueryOptions = () =>
  queryOptions({ queryKey: [...siteContentKey, 'programmes'], queryFn: ({ signal }) => getProgrammes(signal) });

export function useProgrammes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getProgrammesQueryOptions(), enabled });
}
