import type { MessageResponse } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getAdminsQueryOptions } from './get-admins.ts';

export function deleteAdmin(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/auth/${id}`, { method: 'DELETE' });
}

export function useDeleteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAdminsQueryOptions().queryKey }),
  });
}
