import type { AdminSaved, CreateAdminInput } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getAdminsQueryOptions } from './get-admins.ts';

export function createAdmin(input: CreateAdminInput): Promise<AdminSaved> {
  return apiFetch<AdminSaved>('/auth/signup', { method: 'POST', body: input });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAdminsQueryOptions().queryKey }),
  });
}
