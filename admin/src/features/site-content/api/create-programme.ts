import type { ContentSaveResponse, NewProgrammeRequest } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getProgrammesQueryOptions } from './get-programmes.ts';

export function createProgramme(request: NewProgrammeRequest): Promise<ContentSaveResponse> {
  return apiFetch<ContentSaveResponse>('/content/programmes', { method: 'POST', body: request });
}

/** A programme added (one commit of its two files); the list is read again. */
export function useCreateProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgramme,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProgrammesQueryOptions().queryKey }),
  });
}
