import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminPaths, cachePolicies, notFoundPageOf } from '@cfp/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { requestArea } from '../http/url-areas.ts';
import { SiteAddresses, withQuery } from '../site/site-addresses.ts';
import { isSafeStorageKey } from '../storage/storage.ts';
import { answerUnknownApiRoute } from './errors.ts';

const workspaceRoot = fileURLToPath(new URL('../../../', import.meta.url));

function setCacheHeaders(reply: FastifyReply, filePath: string) {
  const hashedAsset = filePath.includes(`${path.sep}_astro${path.sep}`) || filePath.includes(`${path.sep}assets${path.sep}`);
  reply.header('cache-control', hashedAsset ? cachePolicies.immutable : cachePolicies.revalidate);
}

const publishingPage = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="10"><title>Publication en cours</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Le site est en cours de publication</h1><p>Il sera disponible dans quelques instants. Cette page se recharge toute seule.</p></body></html>`;

/**
 * The embedded default: this process also serves the built public site at `/`, the admin
 * app at `/admin/` and local-disk images at `/media/`, and rebuilds the site when posts change.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const { siteBuilder } = app;

    if (config.storage.driver === 'local') registerMedia(app);
    if (!config.site.serve) return;

    const adminDir = path.join(workspaceRoot, 'admin', 'dist');
    const siteRoot = siteBuilder.currentDir;
    // Both builds write .br and .gz copies of their files (@cfp/precompress): sent as they are when the browser accepts them.
    // The site is served by the route below (which knows Astro's file layout); the plugin only lends sendFile.
    await app.register(fastifyStatic, {
      root: path.dirname(siteRoot),
      serve: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
    const addresses = new SiteAddresses(siteRoot);
    app.get('/*', async (request, reply) => {
      const [pathname = '/', query] = request.url.split(/\?(.*)/s);
      const moved = await addresses.listedMove(pathname);
      if (moved) return reply.redirect(withQuery(moved, query), 301);
      const file = await addresses.page(pathname);
      if (file) return reply.sendFile(file, siteRoot);
      const canonical = await addresses.canonical(pathname);
      if (canonical) return reply.redirect(withQuery(canonical, query), 301);
      return reply.callNotFound();
    });
    await app.register(fastifyStatic, {
      root: adminDir,
      prefix: '/admin/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
    app.get('/admin', (_request, reply) => reply.redirect(`/admin${adminPaths.dashboard}`, 302));

    app.setNotFoundHandler(async (request, reply) => {
      // The site's catch-all GET route sends unknown GET and HEAD /api URLs here.
      if (requestArea(request) === 'api') return answerUnknownApiRoute(request, reply);
      const url = request.url.split('?')[0] ?? '/';
      if (url.startsWith('/admin/') && existsSync(path.join(adminDir, 'index.html'))) {
        return sendHtml(reply.status(200), 'index.html', adminDir);
      }
      if (!existsSync(path.join(siteBuilder.currentDir, '404.html'))) {
        return reply.status(503).header('retry-after', '10').type('text/html; charset=utf-8').send(publishingPage);
      }
      // An English address gets the English page, as long as the build has one.
      const page = notFoundPageOf(url);
      return sendHtml(
        reply.status(404),
        existsSync(path.join(siteBuilder.currentDir, page)) ? page : '404.html',
        siteBuilder.currentDir,
      );
    });
  },
  { name: 'frontends', dependencies: ['config', 'storage', 'site-builder'] },
);

function sendHtml(reply: FastifyReply, file: string, root: string) {
  return reply.header('cache-control', 'no-cache').sendFile(file, root);
}

/**
 * Local-disk images, GET and HEAD only. Only an image found gets the year-long cache; a miss
 * (or a key that could leave the storage directory) is a 404 nobody keeps.
 */
function registerMedia(app: FastifyInstance) {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const key = request.params['*'];
    const object = isSafeStorageKey(key) ? await app.storage.get(key) : undefined;
    if (!object) return reply.status(404).header('cache-control', 'no-store').send({ message: 'Image not found' });
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('cache-control', cachePolicies.immutable)
      .send(object.body);
  });
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/media/*',
    handler: (_request, reply) =>
      reply.status(405).header('allow', 'GET, HEAD').header('cache-control', 'no-store').send({ message: 'Method not allowed' }),
  });
}
