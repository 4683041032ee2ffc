import type { ContentSaveResponse, FaqForm } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getFaqQueryOptions } from './get-faq.ts';
import type { ContentSaveRequest } from './site-content-key.ts';

export function saveFaq(request: ContentSaveRequest<FaqForm>): Promise<ContentSaveResponse> {
  return apiFetch<ContentSaveResponse>('/content/faq', { method: 'PUT', body: request });
}

export function useSaveFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFaq,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: getFaqQueryOptions().queryKey }),
  });
}
