import type { MessageResponse } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { subscribersKey } from './get-subscribers.ts';

export function deleteSubscriber(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/subscriber/${id}`, { method: 'DELETE' });
}

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscribersKey }),
  });
}
