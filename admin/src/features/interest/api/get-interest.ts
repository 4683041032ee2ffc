import type { InterestReport } from '@cfp/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getInterestQueryOptions = (weeks: number) =>
  queryOptions({
    queryKey: ['interest', weeks],
    queryFn: ({ signal }) => apiFetch<InterestReport>(`/interest?weeks=${weeks}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** What each programme drew over the `weeks` weeks ending with this one. */
export function useInterest(weeks: number) {
  return useQuery(getInterestQueryOptions(weeks));
}
