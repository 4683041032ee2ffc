import type { ContentSaveResponse } from '@cfp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchFile } from '../../../lib/api-client.ts';
import { getProgrammesQueryOptions } from './get-programmes.ts';

const picturePath = (slug: string) => `/content/programmes/${encodeURIComponent(slug)}/picture`;

export const getProgrammePictureQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...getProgrammesQueryOptions().queryKey, slug, 'picture'],
    queryFn: ({ signal }) => apiFetchFile(picturePath(slug), 'image/jpeg', { signal }),
  });

/** The programme's photo as the content holds it, read only when it has one. */
export function useProgrammePicture(slug: string, hasPicture: boolean) {
  return useQuery({ ...getProgrammePictureQueryOptions(slug), enabled: hasPicture });
}

/** `file`: the new photo; null removes it. */
export function changeProgrammePicture({ slug, file }: { slug: string; file: File | null }): Promise<ContentSaveResponse> {
  if (!file) return apiFetch<ContentSaveResponse>(picturePath(slug), { method: 'DELETE' });
  const body = new FormData();
  body.append('image', file);
  return apiFetch<ContentSaveResponse>(picturePath(slug), { method: 'PUT', body });
}

/** A photo given, replaced or removed (one commit); the programme, its photo and the list are read again. */
export function useChangeProgrammePicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProgrammePicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProgrammesQueryOptions().queryKey }),
  });
}
