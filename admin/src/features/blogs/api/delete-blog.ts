import type { MessageResponse } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { getBlogQueryOptions } from './get-blog.ts';
import { getBlogsQueryOptions } from './get-blogs.ts';

export function deleteBlog(id: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/blog/${id}`, { method: 'DELETE' });
}

export function useDeleteBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlog,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: getBlogQueryOptions(String(id)).queryKey });
      return queryClient.invalidateQueries({ queryKey: getBlogsQueryOptions().queryKey });
    },
  });
}
