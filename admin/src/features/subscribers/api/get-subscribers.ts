import type { Subscriber } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/** The original server answered 404 when there were no subscribers: that is an empty list, not an error. */
export async function getSubscribers(signal?: AbortSignal): Promise<Subscriber[]> {
  try {
    return await apiFetch<Subscriber[]>('/subscriber/getall', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const getSubscribersQueryOptions = () =>
  queryOptions({ queryKey: ['subscribers'], queryFn: ({ signal }) => getSubscribers(signal) });

export function useSubscribers() {
  return useQuery(getSubscribersQueryOptions());
}
