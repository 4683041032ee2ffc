import type { ContactMessage, CountResponse, MessageStatus, MessageSummary, Page } from '@cfp/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The inbox's status filter (absent: every message) and page (1 when absent). */
interface MessageListQuery {
  status?: MessageStatus;
  page?: number;
}

function messageQuery({ status, page }: MessageListQuery): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** Every message query is under ['messages']: a change refreshes the pages, counts and the open message at once. */
export const messagesKey = ['messages'] as const;
export const messagePagesKey = [...messagesKey, 'page'] as const;

export const getMessagesQueryOptions = (query: MessageListQuery = {}) =>
  queryOptions({
    queryKey: [...messagePagesKey, messageQuery(query)],
    queryFn: ({ signal }) => apiFetch<Page<MessageSummary>>(`/messages${messageQuery(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** A page of the inbox, newest first, each message as its first words. */
export function useMessages(query: MessageListQuery = {}) {
  return useQuery(getMessagesQueryOptions(query));
}

export const getMessageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...messagesKey, 'one', id],
    queryFn: ({ signal }) => apiFetch<ContactMessage>(`/messages/${id}`, { signal }),
  });

/** One message whole, for the reader; nothing asked while none is open. */
export function useMessage(id: number | null) {
  return useQuery({ ...getMessageQueryOptions(id ?? 0), enabled: id !== null });
}

export const getMessageCountQueryOptions = (status?: MessageStatus) =>
  queryOptions({
    queryKey: [...messagesKey, 'count', status ?? 'all'],
    queryFn: ({ signal }) => apiFetch<CountResponse>(`/messages/count${messageQuery({ status })}`, { signal }),
  });

/** How many messages there are (with a status), without loading them. */
export function useMessageCount(status?: MessageStatus) {
  return useQuery(getMessageCountQueryOptions(status));
}

/** The navigation's unread badge; checked every minute so new enquiries show without a reload. */
export function useUnreadMessageCount(): number {
  const query = useQuery({ ...getMessageCountQueryOptions('new'), refetchInterval: 60_000 });
  return query.data?.count ?? 0;
}
