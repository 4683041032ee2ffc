import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from './helper.ts';
import { bearer, committedContent, git } from './support/content-repository.ts';

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

describe('a content save followed to the site', () => {
  it('is dated before the build it asks for, so a build that ends before the answer still counts as the one that published it', async () => {
    const hook = await startHookReceiver();
    const root = committedContent();
    const app = await buildTestApp({
      env: {
        CONTENT_DIR: path.join(root, 'content'),
        SITE_REBUILD: 'hook',
        SITE_DEPLOY_HOOK_URL: hook.url,
        SITE_REBUILD_DEBOUNCE_MS: '0',
      },
    });
    const headers = bearer(await loginAs(app));
    const version = git(root, 'rev-parse', 'HEAD');
    const retired = await app.inject({
      method: 'PUT',
      url: '/api/content/programmes/soudure/retired',
      headers,
      payload: { retired: true, version },
    });
    expect(retired.statusCode, retired.body).toBe(200);
    await app.siteBuilder.whenIdle();
    expect(hook.state.calls).toBe(1);
    const status = (await app.inject({ method: 'GET', url: '/api/site/status', headers })).json();
    // The admin says "Live on the site" once the site is idle with a success at or after the save.
    expect(status.state).toBe('idle');
    expect(Date.parse(status.lastSuccessAt)).toBeGreaterThanOrEqual(Date.parse(retired.json().savedAt));
  });
});
