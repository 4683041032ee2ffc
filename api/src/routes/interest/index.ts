import { pageViewInput } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptFormPosts } from '../../forms/public-form.ts';
import { isCrawler } from '../../interest/crawlers.ts';
import { rateLimitKey } from '../../security/client-address.ts';
import { RateLimiter } from '../../security/rate-limiter.ts';

/** A reader opens a page every few seconds at most; a burst past this is a program. */
const viewLimits = [
  { limit: 60, windowMs: 60_000 },
  { limit: 2000, windowMs: 24 * 60 * 60_000 },
];
/**
 * Addresses held for the counts' limit (about 1.5 MB): the forms' limiters hold 50,000 each, but
 * every reader of a busy day sends counts, and a count lost to an address forgotten early costs
 * nothing. Past it, the address seen longest ago is forgotten.
 */
const viewLimiterKeys = 10_000;

const viewRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptFormPosts(app);
  const limiter = new RateLimiter(viewLimits, Date.now, viewLimiterKeys);

  app.post(
    '/views',
    {
      config: { public: true },
      bodyLimit: 1024,
      schema: {
        summary:
          'Count one page shown (urlencoded, as the page script sends it with sendBeacon): no cookie, nothing about the reader kept',
        tags: ['interest'],
        body: pageViewInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent'];
      // A crawler's count is answered as any other and not kept: it has nothing to learn from the answer.
      if (!isCrawler(userAgent) && limiter.consume(rateLimitKey(request.ip)).allowed)
        app.viewCounter.count(request.body, { address: request.ip, userAgent: userAgent ?? '' });
      return reply.status(204).send(null);
    },
  );
};

export default viewRoutes;
