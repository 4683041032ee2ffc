import type { FaqDetails } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { siteContentKey } from './site-content-key.ts';

export function getFaq(signal?: AbortSignal): Promise<FaqDetails> {
  return apiFetch<FaqDetails>('/content/faq', { signal });
}

export const getFaqQueryOptions = () =>
  queryOptions({ queryKey: [...siteContentKey, 'faq'], queryFn: ({ signal }) => getFaq(signal) });

export function useFaq() {
  return useQuery(getFaqQueryOptions());
}
