import type { NewsletterPreview, NewsletterSource } from '@cfp/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The e-mail in both languages, exactly as the API would send it, and who would get it now. */
export function usePreviewNewsletter() {
  return useMutation({
    mutationFn: (source: NewsletterSource) =>
      apiFetch<NewsletterPreview>('/newsletter/preview', { method: 'POST', body: { source } }),
  });
}
