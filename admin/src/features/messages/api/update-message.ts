import type { MessageSummary, MessageUpdated, Page, UpdateMessageInput } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getMessageQueryOptions, messagePagesKey, messagesKey } from './get-messages.ts';

export function updateMessage({ id, input }: { id: number; input: UpdateMessageInput }): Promise<MessageUpdated> {
  return apiFetch<MessageUpdated>(`/messages/${id}`, { method: 'PATCH', body: input });
}

/** The answer replaces the message in the reader and its status in every page at once, then all refresh. */
export function useUpdateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessage,
    onSuccess: (answer) => {
      queryClient.setQueryData(getMessageQueryOptions(answer.data._id).queryKey, answer.data);
      queryClient.setQueriesData<Page<MessageSummary>>(
        { queryKey: messagePagesKey },
        (page) =>
          page && {
            ...page,
            items: page.items.map((item) => (item._id === answer.data._id ? { ...item, status: answer.data.status } : item)),
          },
      );
      return queryClient.invalidateQueries({ queryKey: messagesKey });
    },
  });
}
