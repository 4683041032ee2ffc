import type { Application, UpdateApplicationInput } from '@cfp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { applicationsKey } from './get-applications.ts';

/** The API's answer: its message and the application as saved. */
export interface ApplicationUpdated {
  message: string;
  data: Application;
}

export function updateApplication({ id, input }: { id: number; input: UpdateApplicationInput }): Promise<ApplicationUpdated> {
  return apiFetch<ApplicationUpdated>(`/applications/${id}`, { method: 'PATCH', body: input });
}

/** Status or note: the answer replaces the application in every list at once, then the lists refresh. */
export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: (answer) => {
      queryClient.setQueriesData<Application[]>({ queryKey: applicationsKey }, (applications) =>
        applications?.map((application) => (application._id === answer.data._id ? answer.data : application)),
      );
      return queryClient.invalidateQueries({ queryKey: applicationsKey });
    },
  });
}
