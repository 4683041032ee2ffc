import { contentSecurityPolicy, crossOrigins, frameOptions, sharedSecurityHeaders, type WebArea, webAreas } from '@cfp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { areaOf } from '../url-areas.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An API route that answers some requests with an HTML page of its own: that page's policy. */
    pagePolicy?: string;
  }
}

const isHtml = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('text/html');

/** The product's security headers (packages/shared/src/web-policy.ts) on every response, by the area of its URL. */
export default fp(
  async (app) => {
    const { storage, publicUrls } = app.config;
    // The admin and the site pages this process serves are on the API's origin.
    const { mediaOrigin } = crossOrigins({ api: publicUrls.api, media: storage.publicUrl }, 'api');
    const policies = Object.fromEntries(webAreas.map((area) => [area, contentSecurityPolicy(area, { mediaOrigin })])) as Record<
      WebArea,
      string
    >;
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
      const urlArea = areaOf(request.url);
      // /media/ is ours only with local storage; otherwise it is a page of the site like any other.
      const area = urlArea === 'media' && storage.driver !== 'local' ? 'site' : urlArea;
      const { pagePolicy } = request.routeOptions.config;
      reply.header('content-security-policy', area === 'api' && pagePolicy && isHtml(reply) ? pagePolicy : policies[area]);
      reply.headers(sharedSecurityHeaders);
      reply.header('x-frame-options', frameOptions(area));
      if (area === 'api' && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
