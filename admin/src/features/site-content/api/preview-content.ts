import type { ContentPreviewResponse } from '@cfp/shared';
import { apiFetch } from '../../../lib/api-client.ts';
import type { ContentSaveRequest } from './site-content-key.ts';

/** The API path of each form: saved there, previewed under `…/preview`. */
export const contentApiPaths = {
  centre: '/content/centre',
  faq: '/content/faq',
  programme: (slug: string) => `/content/programmes/${encodeURIComponent(slug)}`,
};

/** The form's values as typed, rendered by the site's templates; nothing is saved. */
export function previewContent<Values>(formPath: string, request: ContentSaveRequest<Values>): Promise<ContentPreviewResponse> {
  return apiFetch<ContentPreviewResponse>(`${formPath}/preview`, { method: 'POST', body: request });
}
