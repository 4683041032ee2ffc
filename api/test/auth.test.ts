import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { revokedTokens } from '../src/db/schema.ts';
import { buildTestApp, loginAs, testAdmin } from './helper.ts';

describe('POST /api/auth/login', () => {
  it('gives the first superAdmin a token, username and role', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: testAdmin.email, password: testAdmin.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ username: 'Owner', role: 'superAdmin' });
    expect(body.Token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const header = JSON.parse(Buffer.from(body.Token.split('.')[0], 'base64url').toString());
    const payload = JSON.parse(Buffer.from(body.Token.split('.')[1], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(12 * 3600);
  });

  it('matches the e-mail whatever its letter case and surrounding spaces', async () => {
    const app = await buildTestApp();
    await expect(loginAs(app, `  ${testAdmin.email.toUpperCase()} `)).resolves.toBeTruthy();
  });

  it('says the same thing for an unknown e-mail and a wrong password', async () => {
    const app = await buildTestApp();
    const wrongPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: testAdmin.email, password: 'not the password' },
    });
    const unknownEmail = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@centre.test', password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
  });

  it('explains a malformed body, a wrong content type and broken JSON with a 4xx JSON message', async () => {
    const app = await buildTestApp();
    const missing = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/email.*valid email.*password.*required/);

    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({ message: expect.stringMatching(/content type/i) });

    const brokenJson = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json()).toEqual({ message: expect.any(String) });
    expect(brokenJson.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

describe('GET /api/auth/validateToken', () => {
  it('returns the username and role of a valid token', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/validateToken',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'Owner', role: 'superAdmin' });
  });

  it('refuses a missing, forged or expired token with 401', async () => {
    const app = await buildTestApp({ env: { JWT_EXPIRES_IN_HOURS: '0.01' } });
    const missing = await app.inject({ method: 'GET', url: '/api/auth/validateToken' });
    expect(missing.statusCode).toBe(401);

    const token = await loginAs(app);
    const [header, payload] = token.split('.');
    const forged = await app.inject({
      method: 'GET',
      url: '/api/auth/validateToken',
      headers: { authorization: `Bearer ${header}.${payload}.${'A'.repeat(43)}` },
    });
    expect(forged.statusCode).toBe(401);

    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const none = await app.inject({
      method: 'GET',
      url: '/api/auth/validateToken',
      headers: { authorization: `Bearer ${unsigned}.${payload}.` },
    });
    expect(none.statusCode).toBe(401);

    const expired = app.jwt.sign({ sub: '1', ver: 0, jti: 'expired' }, { expiresIn: -10 });
    const late = await app.inject({
      method: 'GET',
      url: '/api/auth/validateToken',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toMatch(/expired/i);
  });
});

/** A token signed with the server's own secret, with exactly the claims given. */
function signWithRealSecret(secret: string, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('tokens without an expiry', () => {
  it('refuses a token signed with the real secret but without exp with 401', async () => {
    const app = await buildTestApp();
    const claims = { sub: '1', ver: 0, jti: 'no-expiry', iat: Math.floor(Date.now() / 1000) };
    const check = (token: string) =>
      app.inject({ method: 'GET', url: '/api/auth/validateToken', headers: { authorization: `Bearer ${token}` } });
    const withExpiry = await check(signWithRealSecret(app.config.jwt.secret, { ...claims, exp: claims.iat + 600 }));
    expect(withExpiry.statusCode).toBe(200);
    const forever = await check(signWithRealSecret(app.config.jwt.secret, claims));
    expect(forever.statusCode).toBe(401);
    expect(forever.json().message).toBe('Invalid token: please sign in again');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token it is called with, and only that one', async () => {
    const app = await buildTestApp();
    const signedOut = await loginAs(app);
    const otherSession = await loginAs(app);
    const validate = (token: string) =>
      app.inject({ method: 'GET', url: '/api/auth/validateToken', headers: { authorization: `Bearer ${token}` } });

    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${signedOut}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Signed out' });

    const after = await validate(signedOut);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session revoked: please sign in again');
    expect((await validate(otherSession)).statusCode).toBe(200);
    expect((await validate(await loginAs(app))).statusCode).toBe(200);
  });

  it('prunes revoked tokens once they have expired', async () => {
    const app = await buildTestApp();
    const expiredJti = 'revoked-long-ago';
    app.db
      .insert(revokedTokens)
      .values({ jti: expiredJti, expiresAt: new Date(Date.now() - 1000) })
      .run();
    const token = await loginAs(app);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(
      app.db
        .select()
        .from(revokedTokens)
        .all()
        .map((row) => row.jti),
    ).not.toContain(expiredJti);
    expect(app.db.select().from(revokedTokens).all()).toHaveLength(1);
  });
});

describe('login password length', () => {
  it('answers a password over 1,024 characters with a clear 400', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: testAdmin.email, password: 'x'.repeat(1025) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/password must be at most 1024 characters/);
  });
});
