import type { ApplicationSummary, ApplicationUpdated, Page, UpdateApplicationInput } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { applicationPagesKey, applicationsKey, getApplicationQueryOptions } from './get-applications.ts';

export function updateApplication({ id, input }: { id: number; input: UpdateApplicationInput }): Promise<ApplicationUpdated> {
  return apiFetch<ApplicationUpdated>(`/applications/${id}`, { method: 'PATCH', body: input });
}

/** Status or note: the answer replaces the application in its details and every page at once, then all refresh. */
export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: (answer) => {
      queryClient.setQueryData(getApplicationQueryOptions(answer.data._id).queryKey, answer.data);
      queryClient.setQueriesData<Page<ApplicationSummary>>(
        { queryKey: applicationPagesKey },
        (page) => page && { ...page, items: page.items.map((item) => (item._id === answer.data._id ? answer.data : item)) },
      );
      return queryClient.invalidateQueries({ queryKey: applicationsKey });
    },
  });
}
