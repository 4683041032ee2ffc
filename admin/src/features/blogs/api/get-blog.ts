import type { BlogPost } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function getBlog(id: string, signal?: AbortSignal): Promise<BlogPost> {
  return apiFetch<BlogPost>(`/blog/${encodeURIComponent(id)}`, { signal });
}

export const getBlogQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['blog', id], queryFn: ({ signal }) => getBlog(id, signal) });

export function useBlog(id: string) {
  return useQuery(getBlogQueryOptions(id));
}
