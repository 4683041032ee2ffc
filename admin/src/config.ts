import { type AdminRuntimeConfig, adminRuntimeConfig } from '@cfp/shared';

/**
 * The admin's settings, and the only place it learns them. The base path is fixed by the build
 * (ADMIN_BASE_PATH, admin/build-config.ts); the API's address is read at run time from
 * `config.json` beside index.html, so one build serves any domain.
 */

/** Where the app lives on its origin, without the trailing slash: `/admin`, or `` at the root. */
export const basePath = import.meta.env.BASE_URL.replace(/\/+$/, '');

const sameOrigin: AdminRuntimeConfig = { apiUrl: '/api' };
let current = sameOrigin;

export const apiUrl = () => current.apiUrl;

/**
 * Reads config.json before the app starts. Without one (the development server) the API is
 * the same origin's `/api`; a file that is there but wrong stops the app with its reason.
 */
export async function loadRuntimeConfig(): Promise<void> {
  const response = await fetch(`${basePath}/config.json`, { cache: 'no-cache' });
  if (response.status === 404) {
    current = sameOrigin;
    return;
  }
  if (!response.ok) throw new Error(`config.json could not be read (HTTP ${response.status})`);
  const parsed = adminRuntimeConfig.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new Error(`config.json is invalid: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  current = parsed.data;
}
