import type { MessageResponse } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { messagesKey } from './get-messages.ts';

export function deleteMessage(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/messages/${id}`, { method: 'DELETE' });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => {
      // Not the deleted message itself: asked again, it would only be a 404.
      return queryClient.invalidateQueries({ queryKey: messagesKey, predicate: ({ queryKey }) => queryKey[1] !== 'one' });
    },
  });
}
