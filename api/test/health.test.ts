import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import type { Storage } from '../src/storage/storage.ts';
import { buildTestApp, temporaryDirectory } from './helper.ts';

describe('GET /api/health', () => {
  it('reports the database and the storage as working', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { ok: true }, storage: { ok: true } });
  });

  it('answers 503 "degraded" without the failure text (an internal address) when the storage is down', async () => {
    const working = createLocalStorage(temporaryDirectory(), 'http://127.0.0.1/media');
    const broken: Storage = {
      ...working,
      check: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000')),
    };
    const app = await buildTestApp({ storage: broken });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      database: { ok: true },
      storage: { ok: false },
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|9000/);
  });

  it('checks the storage once for a burst of health requests, but again on each request while it fails', async () => {
    const working = createLocalStorage(temporaryDirectory(), 'http://127.0.0.1/media');
    let checks = 0;
    let failing = false;
    const counted: Storage = {
      ...working,
      check: async () => {
        checks += 1;
        if (failing) throw new Error('bucket unreachable');
        await working.check();
      },
    };
    const app = await buildTestApp({ storage: counted });
    const health = () => app.inject({ method: 'GET', url: '/api/health' });

    const burst = await Promise.all(Array.from({ length: 20 }, health));
    expect(burst.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect((await health()).statusCode).toBe(200);
    expect(checks).toBe(1);

    failing = true;
    const checksBefore = checks;
    const fresh = await buildTestApp({ storage: counted });
    for (const _request of [1, 2]) expect((await fresh.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    expect(checks - checksBefore).toBe(2);

    failing = false;
    expect((await fresh.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/login', '/api/subscriber/getall', '/api/subscribers']),
    );
  });
});
