import type { ContentSaveResponse } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { siteContentKey } from './site-content-key.ts';

/** Undoes one change (a new commit that reverses it); only a superAdmin may. */
export function revertContent(commit: string): Promise<ContentSaveResponse> {
  return apiFetch<ContentSaveResponse>('/content/revert', { method: 'POST', body: { commit } });
}

export function useRevertContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertContent,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: siteContentKey }),
  });
}
