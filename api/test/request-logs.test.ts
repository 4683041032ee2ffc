import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helper.ts';

const apps: Array<{ close: () => Promise<unknown> }> = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** The app with its log written to a stream the test reads, line by line. */
async function appWithLog(env: Record<string, string>) {
  const destination = new PassThrough();
  let text = '';
  destination.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info', ...env }), logDestination: destination });
  apps.push(app);
  const lines = () => text.split('\n').filter(Boolean);
  return { app, lines };
}

describe('the request log', () => {
  it('writes one JSON line per API request, with the path but never the query, and none for the site’s files', async () => {
    const { app, lines } = await appWithLog({ LOG_FORMAT: 'json' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/subscriber/confirm?token=secret-token-of-a-link' });
    await app.inject({ method: 'GET', url: '/about' });
    await app.inject({ method: 'GET', url: '/_astro/site.js' });
    const requests = lines()
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => 'statusCode' in entry);
    expect(requests.map(({ method, path, statusCode }) => ({ method, path, statusCode }))).toEqual([
      { method: 'GET', path: '/api/health', statusCode: 200 },
      { method: 'GET', path: '/api/subscriber/confirm', statusCode: expect.any(Number) },
    ]);
    expect(requests[0]?.msg).toMatch(/^GET \/api\/health 200 \d+ ms$/);
    expect(lines().join('\n')).not.toContain('secret-token-of-a-link');
  });

  it('reads as one short line per event on a terminal, without JSON', async () => {
    const { app, lines } = await appWithLog({ LOG_FORMAT: 'pretty' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x@example.cm', password: 'wrong password here' },
    });
    expect(lines()).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/health 200 \d+ ms$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/auth\/login 401 \d+ ms$/),
    ]);
  });

  it('writes no request line when the level is above info', async () => {
    const { app, lines } = await appWithLog({ LOG_FORMAT: 'json', LOG_LEVEL: 'warn' });
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(lines()).toEqual([]);
  });

  it('gives each request’s lines its own id, keeps the id a proxy sends, and still logs when the level is above info', async () => {
    const { app, lines } = await appWithLog({ LOG_FORMAT: 'json' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'from-nginx-42' } });
    const ids = lines().map((line) => (JSON.parse(line) as { reqId?: string }).reqId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(ids[2]).toBe('from-nginx-42');

    const quiet = await appWithLog({ LOG_FORMAT: 'json', LOG_LEVEL: 'warn' });
    quiet.app.get('/api/fails', { config: { public: true } }, async () => {
      throw new Error('disk on fire');
    });
    await quiet.app.inject({ method: 'GET', url: '/api/fails', headers: { 'x-request-id': 'failing-one' } });
    const failures = quiet.lines().map((line) => JSON.parse(line) as { reqId?: string; level: number; msg: string });
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((entry) => entry.reqId === 'failing-one' && entry.level >= 50)).toBe(true);
  });
});
