import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../src/auth/login-throttle.ts';
import { buildTestApp, testAdmin } from './helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const attempt = (app: App, email: string, password: string, remoteAddress: string, url = '/api/auth/login') =>
  app.inject({ method: 'POST', url, payload: { email, password }, remoteAddress });

describe('login throttling', () => {
  it('locks an account from one address after a few failures, with 429 and Retry-After, even for the right password', async () => {
    // The lock-out's clock stands still: Retry-After is the lock's whole length, however long the password checks take.
    const startedAt = Date.now();
    const app = await buildTestApp({ now: () => startedAt });
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await attempt(app, testAdmin.email, `wrong guess ${index}`, '192.0.2.1');
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const locked = await attempt(app, testAdmin.email, testAdmin.password, '192.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(30);
    expect(locked.json().message).toMatch(/Too many failed attempts/);
  });

  it('does not lock the owner out from an address that did not fail, after a few failures from each of many others', async () => {
    const app = await buildTestApp();
    for (let index = 0; index < 30; index += 1) {
      for (let guess = 0; guess < 3; guess += 1) {
        expect((await attempt(app, testAdmin.email, `wrong ${guess}`, `192.0.2.${index + 1}`)).statusCode).toBe(401);
      }
    }
    expect((await attempt(app, testAdmin.email, testAdmin.password, '192.0.2.200')).statusCode).toBe(200);
  });

  it('is not bypassed by the letter case of the e-mail or of the URL, nor by a trailing slash', async () => {
    const app = await buildTestApp();
    const variants = [
      ['/api/auth/login', testAdmin.email],
      ['/API/AUTH/LOGIN', testAdmin.email.toUpperCase()],
      ['/api/auth/login/', ` ${testAdmin.email}`],
      ['/Api/Auth/Login/', testAdmin.email.replace('owner', 'OWNER')],
      ['/api/auth/login', testAdmin.email],
    ] as const;
    for (const [url, email] of variants) expect((await attempt(app, email, 'wrong', '192.0.2.9', url)).statusCode).toBe(401);
    expect((await attempt(app, testAdmin.email, 'wrong', '192.0.2.9', '/API/auth/LOGIN/')).statusCode).toBe(429);
  });

  it('locks an address that tries many accounts', async () => {
    const app = await buildTestApp();
    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1) {
      statuses.push((await attempt(app, `user${index}@centre.test`, 'guess', '198.51.100.66')).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expect((await attempt(app, testAdmin.email, testAdmin.password, '198.51.100.67')).statusCode).toBe(200);
    expect((await attempt(app, testAdmin.email, testAdmin.password, '198.51.100.66')).statusCode).toBe(429);
  });

  it('doubles the lock with each further failure, up to a ceiling, and forgets after a success', () => {
    let now = 0;
    const throttle = new LoginThrottle({ freeAttempts: 2, baseLockMs: 1000, maxLockMs: 5000, forgetAfterMs: 60_000 }, () => now);
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(1);
    now += 1000;
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(2);
    now += 2000;
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(4);
    now += 4000;
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(5);
    throttle.reset('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });

  it('counts attempts in flight against the free ones, and frees a reserved attempt that succeeds', () => {
    const throttle = new LoginThrottle({ freeAttempts: 2, baseLockMs: 1000, maxLockMs: 5000, forgetAfterMs: 60_000 }, () => 0);
    throttle.reserve('a');
    throttle.reserve('a');
    expect(throttle.retryAfterSeconds('a')).toBe(1);
    throttle.reset('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
    throttle.reserve('a');
    throttle.recordFailure('a');
    throttle.recordFailure('a');
    expect(throttle.retryAfterSeconds('a')).toBe(1);
    expect(throttle.size).toBe(1);
  });

  it('lets one attempt at a time through once the free ones are spent and the lock has ended', () => {
    let now = 0;
    const throttle = new LoginThrottle({ freeAttempts: 1, baseLockMs: 1000, maxLockMs: 5000, forgetAfterMs: 60_000 }, () => now);
    throttle.recordFailure('a');
    now = 1000;
    expect(throttle.retryAfterSeconds('a')).toBe(0);
    throttle.reserve('a');
    expect(throttle.retryAfterSeconds('a')).toBe(2);
    throttle.release('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
  });

  it('forgets a key once its failures are forgotten, even if it never comes back', () => {
    let now = 0;
    const throttle = new LoginThrottle({ freeAttempts: 2, baseLockMs: 1000, maxLockMs: 5000, forgetAfterMs: 60_000 }, () => now);
    throttle.recordFailure('gone');
    now = 30_000;
    throttle.recordFailure('recent');
    expect(throttle.size).toBe(2);
    now = 60_001;
    throttle.recordFailure('new');
    expect(throttle.size).toBe(2);
    expect(throttle.retryAfterSeconds('recent')).toBe(0);
  });
});
