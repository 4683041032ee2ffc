import type { ProgrammeDetails } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getProgrammesQueryOptions } from './get-programmes.ts';

export function getProgramme(slug: string, signal?: AbortSignal): Promise<ProgrammeDetails> {
  return apiFetch<ProgrammeDetails>(`/content/programmes/${encodeURIComponent(slug)}`, { signal });
}

export const getProgrammeQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...getProgrammesQueryOptions().queryKey, slug],
    queryFn: ({ signal }) => getProgramme(slug, signal),
  });

export function useProgramme(slug: string) {
  return useQuery(getProgrammeQueryOptions(slug));
}
