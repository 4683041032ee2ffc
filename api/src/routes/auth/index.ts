import { errorResponse, loginRequest, loginResponse, sessionUser } from '@cfp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyAgainstDecoy, verifyPassword } from '../../auth/passwords.ts';
import { admins } from '../../db/schema.ts';

const loginFailed = 'Invalid email or password';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in and receive a token',
        tags: ['auth'],
        body: loginRequest,
        response: { 200: loginResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const admin = app.db.select().from(admins).where(eq(admins.email, email)).get();
      const valid = admin ? await verifyPassword(admin.passwordHash, password) : await verifyAgainstDecoy(password);
      if (!admin || !valid) return reply.status(401).send({ message: loginFailed });
      return {
        Token: app.issueToken(admin),
        username: admin.username,
        role: admin.role,
        message: 'Login successful',
      };
    },
  );

  app.get(
    '/auth/validateToken',
    { schema: { summary: 'The signed-in admin', tags: ['auth'], security: [{ bearer: [] }], response: { 200: sessionUser } } },
    async (request) => ({ username: request.admin.username, role: request.admin.role }),
  );
};

export default authRoutes;
