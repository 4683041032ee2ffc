import type {
  Application,
  ApplicationFacets,
  ApplicationFilterQuery,
  ApplicationSummary,
  CountResponse,
  Page,
} from '@cfp/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The filters (absent or empty: no filter) and the page of the list (1 when absent). */
export type ApplicationListQuery = ApplicationFilterQuery & { page?: number };

/** `?programme=…&status=…&q=…&page=2`, only what is set, in a fixed order (without page: the export's query). */
export function filterQuery({ page, ...filters }: ApplicationListQuery): string {
  const query = new URLSearchParams();
  for (const key of ['programme', 'status', 'intake', 'language', 'q'] as const) {
    const value = filters[key]?.trim();
    if (value) query.set(key, value);
  }
  if (page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function getApplications(query: ApplicationListQuery, signal?: AbortSignal): Promise<Page<ApplicationSummary>> {
  return apiFetch<Page<ApplicationSummary>>(`/applications${filterQuery(query)}`, { signal });
}

/** Every application query is under ['applications']: a change refreshes the pages, counts and details at once. */
export const applicationsKey = ['applications'] as const;
export const applicationPagesKey = [...applicationsKey, 'page'] as const;

export const getApplicationsQueryOptions = (query: ApplicationListQuery = {}) =>
  queryOptions({
    queryKey: [...applicationPagesKey, filterQuery(query)],
    queryFn: ({ signal }) => getApplications(query, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the applications the filters select, newest first, with how many they select in all. */
export function useApplications(query: ApplicationListQuery = {}) {
  return useQuery(getApplicationsQueryOptions(query));
}

export const getApplicationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...applicationsKey, 'one', id],
    queryFn: ({ signal }) => apiFetch<Application>(`/applications/${id}`, { signal }),
  });

/** One application whole (message, note), for its details; nothing asked while none is open. */
export function useApplication(id: number | null) {
  return useQuery({ ...getApplicationQueryOptions(id ?? 0), enabled: id !== null });
}

export const getApplicationFacetsQueryOptions = () =>
  queryOptions({
    queryKey: [...applicationsKey, 'facets'],
    queryFn: ({ signal }) => apiFetch<ApplicationFacets>('/applications/facets', { signal }),
  });

/** What the filters offer: counts by status, programme and intake, over every application. */
export function useApplicationFacets() {
  return useQuery(getApplicationFacetsQueryOptions());
}

export const getNewApplicationCountQueryOptions = () =>
  queryOptions({
    queryKey: [...applicationsKey, 'count', 'new'],
    queryFn: ({ signal }) => apiFetch<CountResponse>('/applications/count?status=new', { signal }),
  });

/** The navigation's badge: applications nobody has called yet, checked every minute. */
export function useNewApplicationCount(): number {
  const query = useQuery({ ...getNewApplicationCountQueryOptions(), refetchInterval: 60_000 });
  return query.data?.count ?? 0;
}
