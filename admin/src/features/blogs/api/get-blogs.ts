import type { BlogPostListItem } from '@cfp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** With the admin's token the list includes drafts. */
export function getBlogs(signal?: AbortSignal): Promise<BlogPostListItem[]> {
  return apiFetch<BlogPostListItem[]>('/blog', { signal });
}

export const getBlogsQueryOptions = () => queryOptions({ queryKey: ['blogs'], queryFn: ({ signal }) => getBlogs(signal) });

export function useBlogs() {
  return useQuery(getBlogsQueryOptions());
}
