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

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const app = await buildTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/auth/login']));
  });
});
