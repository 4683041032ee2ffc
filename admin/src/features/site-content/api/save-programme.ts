import type { ContentSaveResponse, ProgrammeForm } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getProgrammesQueryOptions } from './get-programmes.ts';
import type { ContentSaveRequest } from './site-content-key.ts';

export function saveProgramme({
  slug,
  request,
}: {
  slug: string;
  request: ContentSaveRequest<ProgrammeForm>;
}): Promise<ContentSaveResponse> {
  return apiFetch<ContentSaveResponse>(`/content/programmes/${encodeURIComponent(slug)}`, { method: 'PUT', body: request });
}

/** The programme and the list (its badge, what is missing) are read again. */
export function useSaveProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgramme,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: getProgrammesQueryOptions().queryKey }),
  });
}
