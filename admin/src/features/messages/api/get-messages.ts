import type { ContactMessage } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function getMessages(signal?: AbortSignal): Promise<ContactMessage[]> {
  return apiFetch<ContactMessage[]>('/messages', { signal });
}

export const getMessagesQueryOptions = () =>
  queryOptions({ queryKey: ['messages'], queryFn: ({ signal }) => getMessages(signal) });

export function useMessages() {
  return useQuery(getMessagesQueryOptions());
}

const countUnread = (messages: ContactMessage[]) => messages.filter((message) => message.status === 'new').length;

/** The navigation's unread badge; checked every minute so new enquiries show without a reload. */
export function useUnreadMessageCount(): number {
  const query = useQuery({ ...getMessagesQueryOptions(), select: countUnread, refetchInterval: 60_000 });
  return query.data ?? 0;
}
