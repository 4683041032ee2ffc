import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, testAdmin } from './helper.ts';

describe('audit log', () => {
  it('records logins, post and account changes and subscriber deletions, newest first, for superAdmins only', async () => {
    const app = await buildTestApp();
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: testAdmin.email, password: 'wrong' },
      remoteAddress: '192.0.2.44',
    });
    const token = await loginAs(app);
    const headers = { authorization: `Bearer ${token}` };
    const postId = (
      await app.inject({
        method: 'POST',
        url: '/api/blog',
        headers,
        payload: { title: 'Portes ouvertes', description: '<p>Samedi</p>' },
      })
    ).json().blog._id;
    await app.inject({ method: 'DELETE', url: `/api/blog/${postId}`, headers });
    await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers,
      payload: { username: 'Editor', email: 'editor@centre.test', password: 'a long editor passphrase', role: 'admin' },
    });
    await app.inject({ method: 'POST', url: '/api/subscriber', payload: { email: 'gone@example.cm' } });
    const [subscriber] = (await app.inject({ method: 'GET', url: '/api/subscribers', headers })).json().items;
    await app.inject({ method: 'DELETE', url: `/api/subscriber/${subscriber._id}`, headers });

    const log = (await app.inject({ method: 'GET', url: '/api/audit', headers })).json();
    expect(log.map((entry: { action: string }) => entry.action)).toEqual([
      'subscriber.delete',
      'admin.create',
      'post.delete',
      'post.create',
      'login.success',
      'login.failure',
    ]);
    expect(log.at(-1)).toMatchObject({ actor: testAdmin.email, address: '192.0.2.44', createdAt: expect.any(String) });
    expect(log[0]).toMatchObject({ actor: 'Owner', target: 'gone@example.cm' });

    const filtered = (await app.inject({ method: 'GET', url: '/api/audit?action=post.create', headers })).json();
    expect(filtered).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/audit?action=nonsense', headers })).statusCode).toBe(400);

    const editorToken = await loginAs(app, 'editor@centre.test', 'a long editor passphrase');
    const refused = await app.inject({ method: 'GET', url: '/api/audit', headers: { authorization: `Bearer ${editorToken}` } });
    expect(refused.statusCode).toBe(403);
  });
});
