import { errorResponse, passwordStrengthRequest, passwordStrength as passwordStrengthResponse } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordStrength } from '../../auth/passwords.ts';

/**
 * The strength meter of the admin's password fields asks here, so that the browser downloads no
 * dictionary (they weigh 1 MB compressed); the API checks with the same estimator on save.
 */
const passwordStrengthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/password/strength',
    {
      schema: {
        summary: 'How hard a new password is to guess, against the account’s e-mail and name; nothing is kept',
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: passwordStrengthRequest,
        response: { 200: passwordStrengthResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => passwordStrength(request.body.password, request.body.personalWords),
  );
};

export default passwordStrengthRoutes;
