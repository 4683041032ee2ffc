import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorResponse } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { previewPrefix } from '../../content/content-preview.ts';
import { HttpError } from '../../http/http-error.ts';
import { previewPage } from '../../site/preview-page.ts';
import { SiteAddresses } from '../../site/site-addresses.ts';

const fileTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/**
 * A preview's pages and files. Their address is the capability: an unguessable id, for an hour.
 * The pages may run their own scripts and show their styles (their policy, in a <meta>), but
 * reach nothing: no form posts, no request leaves, no worker installs, and no search engine
 * keeps them.
 */
const previewPolicy = [
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "connect-src 'none'",
  "worker-src 'none'",
].join('; ');

const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site-preview/:id/*',
    {
      config: { public: true },
      schema: {
        summary: 'A page or file of a content preview (the address a preview answered with)',
        tags: ['content'],
        params: z.object({ id: z.string().regex(/^[\w-]{24}$/), '*': z.string() }),
        produces: ['text/html'],
        response: { 200: z.unknown().describe('The page or file'), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const folder = app.sitePreviews.folder(request.params.id);
      if (!folder) throw new HttpError(404, 'This preview has expired: preview the form again');
      const file = await new SiteAddresses(folder).page(`/${request.params['*']}`);
      if (!file) throw new HttpError(404, 'The preview has no such page');
      const type = fileTypes[path.extname(file)] ?? 'application/octet-stream';
      reply.type(type).headers({
        'content-security-policy': previewPolicy,
        'x-frame-options': 'SAMEORIGIN',
        'x-robots-tag': 'noindex',
        'referrer-policy': 'no-referrer',
      });
      const bytes = await readFile(path.join(folder, file));
      if (!file.endsWith('.html')) return reply.send(bytes);
      // The preview's root as the browser reached it: `/api/site-preview/<id>`.
      const root = request.url.slice(
        0,
        request.url.indexOf(previewPrefix(request.params.id)) + previewPrefix(request.params.id).length,
      );
      return reply.send(previewPage(bytes.toString('utf8'), root));
    },
  );
};

export default previewRoutes;
