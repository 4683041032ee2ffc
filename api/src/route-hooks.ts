import type { onRequestAsyncHookHandler, onRequestHookHandler, RouteOptions } from 'fastify';

/**
 * Adds an onRequest hook to one route as it is registered (from an `onRoute` hook), so that
 * only the routes that need it pay for it: `first` runs it before the route's own hooks, `last` after.
 */
export function addRouteOnRequest(
  route: RouteOptions,
  hook: onRequestHookHandler | onRequestAsyncHookHandler,
  position: 'first' | 'last',
): void {
  const own = [route.onRequest ?? []].flat();
  route.onRequest = position === 'first' ? [hook, ...own] : [...own, hook];
}
