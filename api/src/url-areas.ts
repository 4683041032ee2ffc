import type { WebArea } from '@cfp/shared';

/**
 * `//api//blog` → `/api/blog`: the router is given URLs with their slashes collapsed (Fastify's
 * rewriteUrl), so what it routes and what areaOf classifies are the same path.
 */
export function collapseDuplicateSlashes(url: string): string {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  return pathname.replace(/\/{2,}/g, '/') + query;
}

/** Which part of the product a (collapsed) URL belongs to; the router ignores case, so this does too. */
export function areaOf(url: string): WebArea {
  const pathname = collapseDuplicateSlashes(url).split('?')[0]?.toLowerCase() ?? '/';
  for (const area of ['api', 'admin', 'media'] as const) {
    if (pathname === `/${area}` || pathname.startsWith(`/${area}/`)) return area;
  }
  return 'site';
}
