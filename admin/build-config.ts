import path from 'node:path';
import type { PolicyOrigins } from '@cfp/shared';
import { crossOrigins } from '@cfp/shared/public-origins';

/**
 * The admin build's settings, read from the environment here and nowhere else in admin/
 * (vite.config.ts and vitest.config.ts import this module; the app reads config.json at run time).
 *   ADMIN_OUT_DIR    where the build is written (default admin/dist)
 *   ADMIN_BASE_PATH  where the app lives on its origin: `/admin/` (default) or `/` for its own host
 *   PUBLIC_API_URL   the API as the admin reaches it, written to dist/config.json (default `/api`)
 *   STORAGE_DRIVER, S3_PUBLIC_URL, S3_ENDPOINT  the API's own settings: where post images are
 *                    read from (the bucket, or the API's /media), for the CSP
 */
export interface AdminBuildConfig {
  /** Absolute, without a trailing slash; undefined: admin/dist. */
  outDir: string | undefined;
  basePath: string;
  apiUrl: string;
  /** The API's and the images' origins when not the admin's own, for its Content-Security-Policy. */
  origins: PolicyOrigins;
}

export function readAdminBuildConfig(env: Record<string, string | undefined>): AdminBuildConfig {
  const basePath = `/${(env.ADMIN_BASE_PATH || '/admin/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  const apiUrl = (env.PUBLIC_API_URL || '/api').replace(/\/+$/, '');
  if (!/^(\/|https?:\/\/)\S*$/.test(apiUrl)) throw new Error('PUBLIC_API_URL must be a path such as /api or an http(s) URL');
  // Local storage serves the images beside the API, which is where crossOrigins looks when given none.
  const mediaUrl = env.STORAGE_DRIVER === 's3' ? env.S3_PUBLIC_URL || env.S3_ENDPOINT : undefined;
  const { apiOrigin, mediaOrigin } = crossOrigins({ api: apiUrl, media: mediaUrl }, 'admin');
  const outDir = env.ADMIN_OUT_DIR ? path.resolve(env.ADMIN_OUT_DIR) : undefined;
  return { outDir, basePath, apiUrl, origins: { apiOrigin, mediaOrigin } };
}

export const adminBuildConfig = readAdminBuildConfig(process.env);
