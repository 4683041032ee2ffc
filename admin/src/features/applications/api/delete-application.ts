import type { MessageResponse } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { applicationsKey } from './get-applications.ts';

export function deleteApplication(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/applications/${id}`, { method: 'DELETE' });
}

/** SuperAdmins only (the API answers 403 to others). */
export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: () => {
      // Not the deleted application itself: asked again, it would only be a 404.
      return queryClient.invalidateQueries({ queryKey: applicationsKey, predicate: ({ queryKey }) => queryKey[1] !== 'one' });
    },
  });
}
