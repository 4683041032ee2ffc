import { scaled } from '@cfp/test-support/time-scale';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { buildTestApp, insertAdmin, loginAs, testAdmin, testEditor } from './helper.ts';
import { cliEnv, cliTestTimeoutMs, runCli } from './support/cli.ts';
import { type JsonAnswer, listeningApp, postJson } from './support/listening-app.ts';

const login = (port: number, password: string, localAddress: string) =>
  postJson(port, '/api/auth/login', { email: testAdmin.email, password }, localAddress);

const attempt = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

function countBy(answers: JsonAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const failuresLogged = (app: FastifyInstance) =>
  app.db.select().from(auditLog).where(eq(auditLog.action, 'login.failure')).all().length;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('login lock-out under parallel attempts', () => {
  it(
    'checks no more than the 5 free guesses of 300 attempts released together from one address, and refuses the right password sent last',
    async () => {
      // The lock-out's clock stands still: each refusal's Retry-After is the lock's whole length, however long the burst takes.
      const startedAt = Date.now();
      const { app, port } = await listeningApp({ maxConnectionsPerAddress: 400 }, { now: () => startedAt });
      const passwords = [...Array.from({ length: 299 }, (_, index) => `wrong guess ${index}`), testAdmin.password];

      const answers = await Promise.all(passwords.map((password) => login(port, password, '127.0.0.1')));

      expect(countBy(answers)).toEqual({ 401: 5, 429: 295 });
      expect(failuresLogged(app)).toBe(5);
      for (const refused of answers.filter((answer) => answer.status === 429)) {
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(30);
      }
      expect((await login(port, testAdmin.password, '127.0.0.1')).status).toBe(429);
    },
    scaled(60_000),
  );

  it(
    'lets the owner in from their own address after 5 wrong passwords from each of 12 other addresses at once',
    async () => {
      // The lock-out's clock: the test moves it on instead of waiting for the wall clock to.
      let now = Date.now();
      const { port } = await listeningApp({}, { now: () => now });
      const attackers = Array.from({ length: 12 }, (_, index) => `127.0.0.${index + 2}`);
      const burst = attackers.flatMap((address) =>
        Array.from({ length: 5 }, (_, guess) => login(port, `wrong ${guess}`, address)),
      );
      expect(countBy(await Promise.all(burst))).toEqual({ 401: 60 });

      let owner = await login(port, testAdmin.password, '127.0.0.1');
      if (owner.status === 429) {
        const wait = Number(owner.headers['retry-after']);
        expect(wait).toBeLessThanOrEqual(5);
        now += wait * 1000;
        owner = await login(port, testAdmin.password, '127.0.0.1');
      }
      expect(owner.status).toBe(200);
      expect((await login(port, 'one more wrong guess', '127.0.0.2')).status).toBe(429);
    },
    scaled(60_000),
  );
});

describe('lifting a lock-out', () => {
  it('lets the owner in from the locked address once Retry-After has passed on the lock-out’s clock, not a second before', async () => {
    let now = Date.now();
    const { port } = await listeningApp({}, { now: () => now });
    for (let guess = 0; guess < 5; guess += 1) expect((await login(port, `wrong ${guess}`, '127.0.0.9')).status).toBe(401);
    const locked = await login(port, testAdmin.password, '127.0.0.9');
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(30);

    now += (wait - 1) * 1000;
    expect((await login(port, testAdmin.password, '127.0.0.9')).status).toBe(429);
    now += 1000;
    expect((await login(port, testAdmin.password, '127.0.0.9')).status).toBe(200);
  });

  it(
    'lets a locked-out owner in with the password set by the CLI reset, from the locked address',
    async () => {
      const app = await buildTestApp();
      for (let guess = 0; guess < 6; guess += 1) await attempt(app, testAdmin.email, `wrong ${guess}`, '192.0.2.1');
      expect((await attempt(app, testAdmin.email, testAdmin.password, '192.0.2.1')).statusCode).toBe(429);

      const newPassword = 'a fresh passphrase for the owner';
      const reset = await runCli(
        ['admin:reset-password', '--email', testAdmin.email, '--password', newPassword],
        cliEnv(app.config.dataDir),
      );
      expect(reset.code).toBe(0);

      expect((await attempt(app, testAdmin.email, newPassword, '192.0.2.1')).statusCode).toBe(200);
    },
    cliTestTimeoutMs,
  );

  it('shows a superAdmin which admins are locked and lets them clear a lock, in the audit log; an admin gets 403, no token 401', async () => {
    // The lock-out's clock stands still: the lock shown is its whole length, however long the password checks take.
    const startedAt = Date.now();
    const app = await buildTestApp({ now: () => startedAt });
    const ownerToken = await loginAs(app);
    const editor = testEditor;
    const editorId = await insertAdmin(app, editor);
    const editorToken = await loginAs(app, editor.email, editor.password);
    for (let guess = 0; guess < 6; guess += 1) await attempt(app, editor.email, `wrong ${guess}`, '192.0.2.7');
    expect((await attempt(app, editor.email, editor.password, '192.0.2.7')).statusCode).toBe(429);

    const list = (await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(ownerToken) })).json();
    expect(list.find((admin: { _id: number }) => admin._id === editorId).lockedForSeconds).toBeGreaterThanOrEqual(30);
    expect(list.find((admin: { email: string }) => admin.email === testAdmin.email)).not.toHaveProperty('lockedForSeconds');

    const url = `/api/auth/${editorId}/lock`;
    expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url, headers: bearer(editorToken) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: '/api/auth/999/lock', headers: bearer(ownerToken) })).statusCode).toBe(404);
    const cleared = await app.inject({ method: 'DELETE', url, headers: bearer(ownerToken) });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ message: 'Sign-in lock cleared' });

    expect((await attempt(app, editor.email, editor.password, '192.0.2.7')).statusCode).toBe(200);
    const unlocks = app.db.select().from(auditLog).where(eq(auditLog.action, 'admin.unlock')).all();
    expect(unlocks).toMatchObject([{ actor: testAdmin.username, target: editor.email }]);
  });
});
