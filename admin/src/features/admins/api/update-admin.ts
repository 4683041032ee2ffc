import type { AdminSaved, UpdateAdminInput } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getAdminsQueryOptions } from './get-admins.ts';

export function updateAdmin({ id, input }: { id: number; input: UpdateAdminInput }): Promise<AdminSaved> {
  return apiFetch<AdminSaved>(`/auth/${id}`, { method: 'PATCH', body: input });
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAdminsQueryOptions().queryKey }),
  });
}
