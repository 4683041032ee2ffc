import { messageResponse } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Signing out revokes the token the request carries; the admin's other sessions stay open. */
const logoutRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/logout',
    {
      schema: {
        summary: 'Sign out: the token sent is refused from now on',
        tags: ['auth'],
        security: [{ bearer: [] }],
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      app.revokeToken(request);
      return { message: 'Signed out' };
    },
  );
};

export default logoutRoute;
