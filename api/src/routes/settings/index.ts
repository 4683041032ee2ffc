import { adminSettings } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        summary: "The server's settings that the admin app follows: time zone, e-mail",
        tags: ['settings'],
        security: [{ bearer: [] }],
        response: { 200: adminSettings },
      },
    },
    async () => ({ timeZone: app.config.timeZone, mail: app.mailer !== undefined }),
  );
};

export default settingsRoutes;
