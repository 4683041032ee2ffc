import { errorResponse, loginRequest, loginResponse, sessionUser } from '@cfp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../audit/audit-log.ts';
import { findAdminByEmail } from '../../auth/admin-accounts.ts';
import { adminAccountKey, LoginGuard, unknownAccountKey } from '../../auth/login-throttle.ts';
import { verifyAgainstDecoy, verifyPassword } from '../../auth/passwords.ts';
import { rateLimitKey } from '../../security/client-address.ts';
import adminAccountRoutes from './admin-accounts.ts';

const loginFailed = 'Invalid email or password';

const authRoutes: FastifyPluginAsyncZod<{ now?: () => number }> = async (app, { now }) => {
  const loginGuard = new LoginGuard(now);

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in and receive a token',
        tags: ['auth'],
        body: loginRequest,
        response: { 200: loginResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const address = request.ip;
      const admin = findAdminByEmail(app.db, email);
      // Nothing may be awaited between the look-up and the reservation: parallel requests must queue here.
      const decision = loginGuard.begin(admin ? adminAccountKey(admin) : unknownAccountKey(email), rateLimitKey(address));
      if ('retryAfterSeconds' in decision) {
        const wait = decision.retryAfterSeconds;
        return reply
          .status(429)
          .header('retry-after', String(wait))
          .send({ message: `Too many failed attempts. Try again in ${formatWait(wait)}.` });
      }

      let valid = false;
      try {
        // An invited admin has no password yet ('') and signs in like an unknown address.
        valid = admin?.passwordHash ? await verifyPassword(admin.passwordHash, password) : await verifyAgainstDecoy(password);
      } finally {
        if (valid) decision.reserved.succeeded();
        else decision.reserved.failed();
      }
      if (!admin || !valid) {
        recordAudit(app.db, { action: 'login.failure', actor: { id: admin?.id, name: email }, address });
        return reply.status(401).send({ message: loginFailed });
      }
      recordAudit(app.db, { action: 'login.success', actor: { id: admin.id, name: admin.username }, address });
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

  await app.register(adminAccountRoutes, { loginGuard });
  await app.register(import('./logout.ts'));
  await app.register(import('./password-links.ts'));
  await app.register(import('./password-strength.ts'));
};

function formatWait(seconds: number): string {
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

export default authRoutes;
