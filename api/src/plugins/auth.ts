import { randomUUID } from 'node:crypto';
import type { AdminRole } from '@cfp/shared';
import fastifyJwt from '@fastify/jwt';
import { eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { admins, revokedTokens } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';

interface SignedInAdmin {
  id: number;
  username: string;
  email: string;
  role: AdminRole;
}

interface TokenPayload {
  sub: string;
  ver: number;
  /** Identifies this token, so that signing out revokes it and no other. */
  jti: string;
  exp: number;
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
    /** Refuses the request's token from now until it expires (sign-out). */
    revokeToken(request: FastifyRequest): void;
    /** The onRequest hook of every /api route that is not public: default deny. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** For public routes that show more to a signed-in admin (drafts): verifies a token when one is sent. */
    optionalAdmin(request: FastifyRequest): Promise<SignedInAdmin | undefined>;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Pick<TokenPayload, 'sub' | 'ver' | 'jti'>;
    user: TokenPayload;
  }
}

export default fp(
  async (app) => {
    await app.register(fastifyJwt, {
      secret: app.config.jwt.secret,
      sign: { algorithm: 'HS256', expiresIn: app.config.jwt.expiresInSeconds },
      // A token without an expiry would be valid for ever: refuse it even when the signature is right.
      verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'jti'] },
    });

    app.decorateRequest('admin', undefined as unknown as SignedInAdmin);

    app.decorate('issueToken', (admin: { id: number; tokenVersion: number }) =>
      app.jwt.sign({ sub: String(admin.id), ver: admin.tokenVersion, jti: randomUUID() }),
    );

    const isRevoked = (jti: string) =>
      app.db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).get() !== undefined;

    app.decorate('revokeToken', (request: FastifyRequest) => {
      const { jti, exp } = request.user;
      app.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date())).run();
      app.db
        .insert(revokedTokens)
        .values({ jti, expiresAt: new Date(exp * 1000) })
        .onConflictDoNothing()
        .run();
    });

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

    const authenticate = async (request: FastifyRequest): Promise<SignedInAdmin> => {
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch (error) {
        const expired = (error as { code?: string }).code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED';
        throw new HttpError(401, expired ? 'Session expired: please sign in again' : 'Invalid token: please sign in again');
      }
      const admin = findAdmin(Number(payload.sub));
      if (!admin || admin.tokenVersion !== payload.ver || isRevoked(payload.jti))
        throw new HttpError(401, 'Session revoked: please sign in again');
      return { id: admin.id, username: admin.username, email: admin.email, role: admin.role };
    };

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.headers.authorization)
        throw new HttpError(401, 'Authentication required: send an Authorization: Bearer token');
      request.admin = await authenticate(request);
      if (request.routeOptions.config.superAdminOnly && request.admin.role !== 'superAdmin') {
        throw new HttpError(403, 'Only a superAdmin may do this');
      }
    });

    app.decorate('optionalAdmin', async (request: FastifyRequest) =>
      request.headers.authorization ? authenticate(request) : undefined,
    );
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
