import type { Page, Subscriber, SubscriberStatus } from '@cfp/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The list's status filter (absent: every subscriber) and page (1 when absent). */
interface SubscriberListQuery {
  status?: SubscriberStatus;
  page?: number;
}

function subscriberQuery({ status, page }: SubscriberListQuery): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Every subscriber query is under ['subscribers']: a deletion refreshes them all. */
export const subscribersKey = ['subscribers'] as const;

export const getSubscribersQueryOptions = (query: SubscriberListQuery = {}) =>
  queryOptions({
    queryKey: [...subscribersKey, subscriberQuery(query)],
    queryFn: ({ signal }) => apiFetch<Page<Subscriber>>(`/subscribers${subscriberQuery(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** A page of the subscribers, newest first, with how many there are in all. */
export function useSubscribers(query: SubscriberListQuery = {}) {
  return useQuery(getSubscribersQueryOptions(query));
}
