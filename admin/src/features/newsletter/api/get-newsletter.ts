import type { NewsletterOverview, NewsletterSendDetail } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** How often the counts of a send under way are read again. */
const liveCountsEveryMs = 2000;

/** Every newsletter query is under ['newsletter']: a send or a cancel refreshes them all. */
export const newsletterKey = ['newsletter'] as const;

export const getNewsletterQueryOptions = () =>
  queryOptions({
    queryKey: [...newsletterKey, 'overview'],
    queryFn: ({ signal }) => apiFetch<NewsletterOverview>('/newsletter', { signal }),
    refetchInterval: (query) => (query.state.data?.sends.some((send) => send.state === 'sending') ? liveCountsEveryMs : false),
  });

/** Whether mail can go out, who would get it, and the sends, their counts live while one is under way. */
export function useNewsletter() {
  return useQuery(getNewsletterQueryOptions());
}

/** One send with its failures and their SMTP answers, read again while it is under way. */
export function useNewsletterSend(id: number | undefined) {
  return useQuery({
    queryKey: [...newsletterKey, 'send', id],
    queryFn: ({ signal }) => apiFetch<NewsletterSendDetail>(`/newsletter/sends/${id}`, { signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.state === 'sending' ? liveCountsEveryMs : false),
  });
}
