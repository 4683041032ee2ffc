import type { ContentSaveResponse, ProgrammesConfirmRequest } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getProgrammesQueryOptions } from './get-programmes.ts';

export function confirmProgrammes(request: ProgrammesConfirmRequest): Promise<ContentSaveResponse> {
  return apiFetch<ContentSaveResponse>('/content/programmes/confirm', { method: 'POST', body: request });
}

/** Several programmes confirmed as one commit; the list (and each programme's form) is read again. */
export function useConfirmProgrammes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmProgrammes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProgrammesQueryOptions().queryKey }),
  });
}
