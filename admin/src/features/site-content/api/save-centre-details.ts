import type { CentreDetailsForm, ContentSaveResponse } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getCentreDetailsQueryOptions } from './get-centre-details.ts';
import type { ContentSaveRequest } from './site-content-key.ts';

export function saveCentreDetails(request: ContentSaveRequest<CentreDetailsForm>): Promise<ContentSaveResponse> {
  return apiFetch<ContentSaveResponse>('/content/centre', { method: 'PUT', body: request });
}

/**
 * The details are read again for the values as the file now has them; not awaited, so that the
 * form takes what was typed as its new baseline first and then adopts them.
 */
export function useSaveCentreDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCentreDetails,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: getCentreDetailsQueryOptions().queryKey }),
  });
}
