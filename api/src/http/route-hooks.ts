import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler, RouteOptions } from 'fastify';
import { RateLimiter } from '../security/rate-limiter.ts';
import { HttpError } from './http-error.ts';

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

/**
 * A preHandler that lets each signed-in admin make `limit` such requests a minute, then answers
 * 429 with Retry-After: "Too many saves in a minute: wait 12 s, then save again" for `{ many: 'saves', verb: 'save' }`.
 */
export function perAdminPerMinute(limit: number, { many, verb }: { many: string; verb: string }) {
  const limiter = new RateLimiter([{ limit, windowMs: 60_000 }]);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const decision = limiter.consume(String(request.admin.id));
    if (decision.allowed) return;
    reply.header('retry-after', String(decision.retryAfterSeconds));
    throw new HttpError(429, `Too many ${many} in a minute: wait ${decision.retryAfterSeconds} s, then ${verb} again`);
  };
}
