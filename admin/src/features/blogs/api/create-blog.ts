import type { BlogPostInput, BlogPostSaved } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getBlogsQueryOptions } from './get-blogs.ts';

export function createBlog(input: BlogPostInput): Promise<BlogPostSaved> {
  return apiFetch<BlogPostSaved>('/blog', { method: 'POST', body: input });
}

export function useCreateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlog,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getBlogsQueryOptions().queryKey }),
  });
}
