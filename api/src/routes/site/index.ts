import { errorResponse, siteStatus } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SiteAddresses, withQuery } from '../../site/site-addresses.ts';

const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const status = async () => ({ ...(await app.siteBuilder.getStatus()), siteUrl: app.config.publicUrls.site });

  app.get(
    '/site/status',
    {
      schema: {
        summary: 'Public site publication status',
        tags: ['site'],
        security: [{ bearer: [] }],
        response: { 200: siteStatus },
      },
    },
    async () => status(),
  );

  app.post(
    '/site/rebuild',
    {
      schema: {
        summary: 'Publish the public site again now',
        tags: ['site'],
        security: [{ bearer: [] }],
        response: { 202: siteStatus },
      },
    },
    async (request, reply) => {
      app.siteBuilder.request(`asked by ${request.admin.username}`, 0);
      return reply.status(202).send(await status());
    },
  );

  // nginx asks here for what the build has no file for (deploy/nginx, location @moved).
  const addresses = new SiteAddresses(app.siteBuilder.currentDir);
  app.get(
    '/site/moved',
    {
      config: { public: true },
      schema: {
        summary: 'Where a site address with no file goes: 301 to the page meant (capitals, a former address), or 404',
        tags: ['site'],
        headers: z.object({ 'x-original-uri': z.string().startsWith('/').max(2048) }),
        response: { 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const [pathname = '/', query] = request.headers['x-original-uri'].split(/\?(.*)/s);
      const target = await addresses.movedTo(pathname);
      if (!target) return reply.status(404).send({ message: 'Not found' });
      return reply.redirect(withQuery(target, query), 301);
    },
  );
};

export default siteRoutes;
