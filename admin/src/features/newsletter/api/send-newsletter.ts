import type { MessageResponse, NewsletterSend, NewsletterSource } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { newsletterKey } from './get-newsletter.ts';

/** Both languages' e-mails to the signed-in admin's own address, sent at once. */
export function useSendNewsletterTest() {
  return useMutation({
    mutationFn: (source: NewsletterSource) => apiFetch<MessageResponse>('/newsletter/test', { method: 'POST', body: { source } }),
  });
}

/** Queues one e-mail per confirmed subscriber; `again` sends a post that already went out. */
export function useSendNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { source: NewsletterSource; again?: boolean }) =>
      apiFetch<NewsletterSend>('/newsletter/sends', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKey }),
  });
}

/** Stops a send under way: the e-mails not yet sent are not sent. */
export function useCancelNewsletterSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<NewsletterSend>(`/newsletter/sends/${id}/cancel`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKey }),
  });
}
