import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from './helper.ts';

/** A deploy-hook receiver on loopback that counts calls and can be told to fail. */
async function startHookReceiver() {
  const state = { calls: 0, status: 200 };
  const server: Server = createServer((request, response) => {
    state.calls += 1;
    request.resume();
    request.on('end', () => response.writeHead(state.status).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { state, url: `http://127.0.0.1:${port}/hooks/deploy` };
}

describe('site rebuild on post changes (deploy-hook mode)', () => {
  it('calls the deploy hook at once for a change, once more for the burst that follows, and reports the last publication', async () => {
    const hook = await startHookReceiver();
    const app = await buildTestApp({
      env: { SITE_REBUILD: 'hook', SITE_DEPLOY_HOOK_URL: hook.url, SITE_REBUILD_DEBOUNCE_MS: '2000' },
    });
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    for (let index = 0; index < 5; index += 1) {
      await app.inject({
        method: 'POST',
        url: '/api/blog',
        headers,
        payload: { title: `Annonce ${index}`, description: '<p>x</p>' },
      });
    }
    const pending = (await app.inject({ method: 'GET', url: '/api/site/status', headers })).json();
    expect(pending).toMatchObject({ mode: 'hook' });
    expect(['scheduled', 'building']).toContain(pending.state);
    await app.siteBuilder.whenIdle();
    // The first change goes at once; the others, arriving meanwhile, make one more call at most.
    expect(hook.state.calls).toBeGreaterThanOrEqual(1);
    expect(hook.state.calls).toBeLessThanOrEqual(2);
    const status = (await app.inject({ method: 'GET', url: '/api/site/status', headers })).json();
    expect(status).toMatchObject({ state: 'idle', lastError: null, lastSuccessAt: expect.any(String) });
  });

  it('does not rebuild for a draft, and shows a failing hook as the last error', async () => {
    const hook = await startHookReceiver();
    const app = await buildTestApp({
      env: { SITE_REBUILD: 'hook', SITE_DEPLOY_HOOK_URL: hook.url, SITE_REBUILD_DEBOUNCE_MS: '0' },
    });
    const headers = { authorization: `Bearer ${await loginAs(app)}` };
    await app.inject({
      method: 'POST',
      url: '/api/blog',
      headers,
      payload: { title: 'Brouillon', description: '<p>x</p>', status: 'draft' },
    });
    await app.siteBuilder.whenIdle();
    expect(hook.state.calls).toBe(0);

    hook.state.status = 500;
    const asked = await app.inject({ method: 'POST', url: '/api/site/rebuild', headers });
    expect(asked.statusCode).toBe(202);
    await app.siteBuilder.whenIdle();
    expect(hook.state.calls).toBe(1);
    const status = (await app.inject({ method: 'GET', url: '/api/site/status', headers })).json();
    expect(status).toMatchObject({
      state: 'idle',
      lastError: "the hosting service's deploy hook answered 500 Internal Server Error",
      lastFailureAt: expect.any(String),
    });
  });
});
