import type { MessageUpdated, UpdateMessageInput } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getMessagesQueryOptions } from './get-messages.ts';

export function updateMessage({ id, input }: { id: number; input: UpdateMessageInput }): Promise<MessageUpdated> {
  return apiFetch<MessageUpdated>(`/messages/${id}`, { method: 'PATCH', body: input });
}

export function useUpdateMessage() {
  const queryClient = useQueryClient();
  const { queryKey } = getMessagesQueryOptions();
  return useMutation({
    mutationFn: updateMessage,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey, (messages) =>
        messages?.map((message) => (message._id === answer.data._id ? answer.data : message)),
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
