import type { Application, ApplicationStatus } from '@cfp/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The list's filters, as the API takes them in the query string (absent: no filter). */
export interface ApplicationFilters {
  programme?: string;
  status?: ApplicationStatus;
  intake?: string;
}

/** `?programme=…&status=…`, only the filters set, in a fixed order (also the export's query). */
export function filterQuery(filters: ApplicationFilters): string {
  const query = new URLSearchParams();
  for (const key of ['programme', 'status', 'intake'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function getApplications(filters: ApplicationFilters, signal?: AbortSignal): Promise<Application[]> {
  return apiFetch<Application[]>(`/applications${filterQuery(filters)}`, { signal });
}

/** Every application list is under ['applications']: a change refreshes them all. */
export const applicationsKey = ['applications'] as const;

export const getApplicationsQueryOptions = (filters: ApplicationFilters = {}) =>
  queryOptions({
    queryKey: [...applicationsKey, filterQuery(filters)],
    queryFn: ({ signal }) => getApplications(filters, signal),
    placeholderData: keepPreviousData,
  });

/** The applications the filters select, newest first as the API sends them. */
export function useApplications(filters: ApplicationFilters = {}) {
  return useQuery(getApplicationsQueryOptions(filters));
}

const countNew = (applications: Application[]) => applications.filter((application) => application.status === 'new').length;

/** The navigation's badge: applications nobody has called yet, checked every minute. */
export function useNewApplicationCount(): number {
  const query = useQuery({ ...getApplicationsQueryOptions(), select: countNew, refetchInterval: 60_000 });
  return query.data ?? 0;
}
