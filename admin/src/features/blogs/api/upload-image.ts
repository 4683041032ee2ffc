import type { UploadedImage } from '@cfp/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', file);
  return apiFetch<UploadedImage>('/images', { method: 'POST', body });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
