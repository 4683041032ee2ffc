import { siteBuildStatus } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site/status',
    {
      schema: {
        summary: 'Public site publication status',
        tags: ['site'],
        security: [{ bearer: [] }],
        response: { 200: siteBuildStatus },
      },
    },
    async () => app.siteBuilder.getStatus(),
  );

  app.post(
    '/site/rebuild',
    {
      schema: {
        summary: 'Publish the public site again now',
        tags: ['site'],
        security: [{ bearer: [] }],
        response: { 202: siteBuildStatus },
      },
    },
    async (request, reply) => {
      app.siteBuilder.request(`asked by ${request.admin.username}`, 0);
      return reply.status(202).send(app.siteBuilder.getStatus());
    },
  );
};

export default siteRoutes;
