import { siteStatus } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const status = () => ({ ...app.siteBuilder.getStatus(), siteUrl: app.config.publicUrls.site });

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
      return reply.status(202).send(status());
    },
  );
};

export default siteRoutes;
