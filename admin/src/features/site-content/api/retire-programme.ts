import type { ContentSaveResponse, ProgrammeRetirementRequest } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getProgrammesQueryOptions } from './get-programmes.ts';

export function retireProgramme({
  slug,
  request,
}: {
  slug: string;
  request: ProgrammeRetirementRequest;
}): Promise<ContentSaveResponse> {
  return apiFetch<ContentSaveResponse>(`/content/programmes/${encodeURIComponent(slug)}/retired`, {
    method: 'PUT',
    body: request,
  });
}

/** A programme taken off the site or put back (one commit); the programme and the list are read again. */
export function useRetireProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retireProgramme,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProgrammesQueryOptions().queryKey }),
  });
}
