import { crossOrigins, securityHeaders, sharedSecurityHeaders, type WebArea, webAreas } from '@cfp/shared';
import fp from 'fastify-plugin';
import { requestArea } from '../http/url-areas.ts';

/**
 * The product's security headers (packages/shared/src/web-policy.ts) on every response, by the
 * area of its URL. Each area's set is written once at start and given to the reply as soon as
 * the request arrives, by a plain callback: a response hook, or an async one, would cost every
 * request its machinery. A route may replace a header (the answer pages their policy, a route its
 * cache-control), and an error keeps them. Strict-Transport-Security goes over HTTPS only (the
 * socket's, or a trusted proxy's X-Forwarded-Proto): over plain HTTP it means nothing, and a
 * browser told it on a test address would refuse that address over HTTP for a year.
 */
export default fp(
  async (app) => {
    const { storage, publicUrls } = app.config;
    // The admin and the site pages this process serves are on the API's origin.
    const { mediaOrigin } = crossOrigins({ api: publicUrls.api, media: storage.publicUrl }, 'api');
    const headersOf = Object.fromEntries(
      webAreas.map((area) => [area, withoutHsts(lowerCaseNames(securityHeaders(area, { mediaOrigin })))]),
    );
    // Answers of the API are about one person or change at any time: no cache keeps them unless the route says so.
    headersOf.api = { ...headersOf.api, 'cache-control': 'no-store' };
    // /media/ is ours only with local storage; otherwise it is a page of the site like any other.
    const mediaArea: WebArea = storage.driver === 'local' ? 'media' : 'site';

    app.addHook('onRequest', (request, reply, done) => {
      const area = requestArea(request);
      reply.headers(headersOf[area === 'media' ? mediaArea : area] as Record<string, string>);
      if (request.protocol === 'https') reply.header(hstsHeader, sharedSecurityHeaders['Strict-Transport-Security']);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);

const lowerCaseNames = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

const hstsHeader = 'strict-transport-security';
const withoutHsts = ({ [hstsHeader]: _, ...headers }: Record<string, string>) => headers;
