import type { MessageResponse } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getMessagesQueryOptions } from './get-messages.ts';

export function deleteMessage(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/messages/${id}`, { method: 'DELETE' });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMessagesQueryOptions().queryKey }),
  });
}
