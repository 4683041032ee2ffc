import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Area, areaOf } from '../url-areas.ts';

/**
 * OWASP ASVS 5 chapter 3 headers on every response. The policy depends on what is served:
 * the API (nothing may load), the admin app (Quill needs inline style attributes), or the
 * public site. Site pages carry their own script and style policy in a <meta> tag with the
 * hashes of Astro's few inline scripts (site/astro.config.mjs, security.csp); the header
 * adds what a <meta> policy cannot say: the site may be framed by itself only, which keeps
 * the spec's "hidden inside a frame" behaviour for our own pages.
 */
function contentSecurityPolicy(area: Area, mediaOrigin: string | undefined): string {
  const media = mediaOrigin ? ` ${mediaOrigin}` : '';
  const common = ["object-src 'none'", "base-uri 'none'", "form-action 'self'"];
  // An uploaded image opened on its own: shown, never run, even if a browser took it for a document.
  if (area === 'media') return "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
  if (area === 'api') return ["default-src 'none'", "frame-ancestors 'none'", ...common].join('; ');
  if (area === 'site') return ["frame-ancestors 'self'", ...common].join('; ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}`,
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "frame-ancestors 'none'",
    ...common,
  ].join('; ');
}

export default fp(
  async (app) => {
    const storage = app.config.storage;
    const mediaOrigin = storage.driver === 's3' ? new URL(storage.publicUrl).origin : undefined;
    const policies = {
      api: contentSecurityPolicy('api', mediaOrigin),
      admin: contentSecurityPolicy('admin', mediaOrigin),
      media: contentSecurityPolicy('media', mediaOrigin),
      site: contentSecurityPolicy('site', mediaOrigin),
    };
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
      const urlArea = areaOf(request.url);
      // /media/ is ours only with local storage; otherwise it is a page of the site like any other.
      const area = urlArea === 'media' && storage.driver !== 'local' ? 'site' : urlArea;
      reply.header('content-security-policy', policies[area]);
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('x-frame-options', area === 'site' ? 'SAMEORIGIN' : 'DENY');
      if (area === 'api' && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
