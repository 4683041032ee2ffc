import type { BlogPostInput, BlogPostSaved } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getBlogQueryOptions } from './get-blog.ts';
import { getBlogsQueryOptions } from './get-blogs.ts';

export function updateBlog({ id, input }: { id: string; input: BlogPostInput }): Promise<BlogPostSaved> {
  return apiFetch<BlogPostSaved>(`/blog/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlog,
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData(getBlogQueryOptions(id).queryKey, answer.blog);
      return queryClient.invalidateQueries({ queryKey: getBlogsQueryOptions().queryKey });
    },
  });
}
