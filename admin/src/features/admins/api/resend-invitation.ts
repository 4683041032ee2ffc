import type { AdminSaved } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getAdminsQueryOptions } from './get-admins.ts';

export function resendInvitation(id: number): Promise<AdminSaved> {
  return apiFetch<AdminSaved>(`/auth/${id}/invitation`, { method: 'POST' });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAdminsQueryOptions().queryKey }),
  });
}
