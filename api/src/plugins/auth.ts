import type { AdminRole } from '@cfp/shared';
import fastifyJwt from '@fastify/jwt';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { admins } from '../db/schema.ts';

export interface SignedInAdmin {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
}

interface TokenPayload {
  sub: string;
  ver: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes under /api require a signed-in admin unless they say `public: true`. */
    public?: boolean;
    /** Routes that only a superAdmin may call. */
    superAdminOnly?: boolean;
  }
  interface FastifyRequest {
    admin: SignedInAdmin;
  }
  interface FastifyInstance {
    issueToken(admin: { id: number; tokenVersion: number }): string;
    /** The onRequest hook that the /api scope installs: default deny. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

class AuthError extends Error {
  statusCode: number;
  constructor(message: string, statusCode = 401) {
    super(message);
    this.statusCode = statusCode;
  }
}

export default fp(
  async (app) => {
    await app.register(fastifyJwt, {
      secret: app.config.jwt.secret,
      sign: { algorithm: 'HS256', expiresIn: app.config.jwt.expiresInSeconds },
      verify: { algorithms: ['HS256'] },
    });

    app.decorateRequest('admin', undefined as unknown as SignedInAdmin);

    app.decorate('issueToken', (admin: { id: number; tokenVersion: number }) =>
      app.jwt.sign({ sub: String(admin.id), ver: admin.tokenVersion }),
    );

    const findAdmin = (id: number) =>
      app.db
        .select({
          id: admins.id,
          username: admins.username,
          email: admins.email,
          role: admins.role,
          tokenVersion: admins.tokenVersion,
        })
        .from(admins)
        .where(eq(admins.id, id))
        .get();

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const config = request.routeOptions.config;
      if (config?.public || request.routeOptions.url === undefined) return;

      if (!request.headers.authorization) throw new AuthError('Authentication required: send an Authorization: Bearer token');
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch (error) {
        const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
        throw new AuthError(expired ? 'Session expired: please sign in again' : 'Invalid token: please sign in again');
      }
      const admin = findAdmin(Number(payload.sub));
      if (!admin || admin.tokenVersion !== payload.ver) throw new AuthError('Session revoked: please sign in again');
      request.admin = { id: admin.id, username: admin.username, email: admin.email, role: admin.role };
      if (config?.superAdminOnly && admin.role !== 'superAdmin') {
        throw new AuthError('Only a superAdmin may do this', 403);
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
