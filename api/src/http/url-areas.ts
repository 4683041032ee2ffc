import type { WebArea } from '@cfp/shared';
import type { FastifyRequest, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The area of every URL the route answers, when its path decides it (set by `markRouteArea`). */
    area?: WebArea;
  }
}

/**
 * `//api//blog` → `/api/blog`: the router is given URLs with their slashes collapsed (Fastify's
 * rewriteUrl), so what it routes and what areaOf classifies are the same path.
 */
export function collapseDuplicateSlashes(url: string): string {
  if (!url.includes('//')) return url;
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  return pathname.replace(/\/{2,}/g, '/') + query;
}

const areaPrefix = /^\/(api|admin|media)(?=[/?]|$)/i;

/** Which part of the product a collapsed URL belongs to; the router ignores case, so this does too. */
export function areaOf(url: string): WebArea {
  return (areaPrefix.exec(url)?.[1]?.toLowerCase() as WebArea | undefined) ?? 'site';
}

/** An onRoute hook: a route under /api, /admin or /media carries its area, worked out once, not per request. */
export function markRouteArea(route: RouteOptions): void {
  const area = areaOf(route.url);
  if (area !== 'site') route.config = { ...route.config, area };
}

/** The area of the request's URL: its route's, or (the site's catch-all, a 404) read from the URL. */
export function requestArea(request: FastifyRequest): WebArea {
  return request.routeOptions.config.area ?? areaOf(request.url);
}
