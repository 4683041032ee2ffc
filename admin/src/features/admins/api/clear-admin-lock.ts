import type { MessageResponse } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getAdminsQueryOptions } from './get-admins.ts';

export function clearAdminLock(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/auth/${id}/lock`, { method: 'DELETE' });
}

export function useClearAdminLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearAdminLock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAdminsQueryOptions().queryKey }),
  });
}
