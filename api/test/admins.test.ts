import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, testAdmin } from './helper.ts';
import { keepPasswordEstimatorLoaded } from './support/password-estimator.ts';
import { strongPassphrase, weakPasswords } from './support/weak-passwords.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createAdmin(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/signup', headers: bearer(token), payload: body });
}

const editor = { username: 'Editor', email: 'editor@centre.test', password: 'a long editor passphrase', role: 'admin' };

keepPasswordEstimatorLoaded();

describe('admin accounts', () => {
  it('lets a superAdmin create, list, update and delete admins, never returning a password', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const created = await createAdmin(app, token, editor);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Account created successfully!',
      admin: { username: 'Editor', role: 'admin' },
    });
    const id = created.json().admin._id;

    const list = await app.inject({ method: 'GET', url: '/api/auth/', headers: bearer(token) });
    expect(list.json().map((admin: { email: string }) => admin.email)).toEqual([testAdmin.email, editor.email]);
    expect(list.body).not.toMatch(/password|argon2/i);

    const updated = await app.inject({
      method: 'PATCH',
      url: `/api/auth/${id}`,
      headers: bearer(token),
      payload: { email: 'EDITOR2@centre.test', role: 'superAdmin' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: 'Admin updated successfully',
      admin: { email: 'editor2@centre.test', role: 'superAdmin' },
    });

    const deleted = await app.inject({ method: 'DELETE', url: `/api/auth/${id}`, headers: bearer(token) });
    expect(deleted.json()).toEqual({ message: 'Admin deleted successfully' });
    const after = await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(after.json()).toHaveLength(1);
  });

  it('keeps the password when an edit sends none, and changes it when one is sent', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const id = (await createAdmin(app, token, editor)).json().admin._id;
    await app.inject({
      method: 'PATCH',
      url: `/api/auth/${id}`,
      headers: bearer(token),
      payload: { email: editor.email, role: 'admin' },
    });
    await expect(loginAs(app, editor.email, editor.password)).resolves.toBeTruthy();

    const newPassword = 'another long passphrase';
    await app.inject({
      method: 'PATCH',
      url: `/api/auth/${id}`,
      headers: bearer(token),
      payload: { email: editor.email, role: 'admin', password: newPassword },
    });
    await expect(loginAs(app, editor.email, editor.password)).rejects.toThrow();
    await expect(loginAs(app, editor.email, newPassword)).resolves.toBeTruthy();
  });

  it('refuses short, common and duplicate-address accounts with a clear message', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const short = await createAdmin(app, token, { ...editor, password: 'short1' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 12 characters/);
    const common = await createAdmin(app, token, { ...editor, password: 'Password1234' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/^password is too easy to guess: /);
    const long = await createAdmin(app, token, { ...editor, password: 'x'.repeat(40) + 'long passphrase'.repeat(4) });
    expect(long.statusCode).toBe(201);
    const duplicate = await createAdmin(app, token, { ...editor, email: editor.email.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toMatch(/already exists/);
  });

  it('refuses a username with angle brackets, a line break or an invisible character, on create and on update', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const forged = ['Eve <eve@evil.test>', 'Eve\nAuthor: Director', 'Eve\u2028Director', 'Eve\u202eroticeriD', 'Eve\u0000'];
    for (const username of forged) {
      const created = await createAdmin(app, token, { ...editor, username });
      expect([username, created.statusCode, created.json().message]).toEqual([
        username,
        400,
        'Invalid request: body.username: username cannot contain < or >, line breaks or invisible characters',
      ]);
    }
    const created = await createAdmin(app, token, { ...editor, username: 'Ama Ngo Mballa-Étoga' });
    expect(created.statusCode, created.body).toBe(201);
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/auth/${created.json().admin._id}`,
      headers: bearer(token),
      payload: { username: 'Ama <ama@evil.test>', email: editor.email, role: 'admin' },
    });
    expect(renamed.statusCode).toBe(400);
  });

  it('refuses easily guessed passwords on create and on update, naming what is wrong, and accepts a passphrase', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const id = (await createAdmin(app, token, editor)).json().admin._id;
    for (const password of weakPasswords) {
      const created = await createAdmin(app, token, { ...editor, email: 'weak@centre.test', password });
      expect(created.statusCode, password).toBe(400);
      expect(created.json().message, password).toMatch(/^password is too easy to guess: \S/);
      const updated = await app.inject({
        method: 'PATCH',
        url: `/api/auth/${id}`,
        headers: bearer(token),
        payload: { email: editor.email, role: 'admin', password },
      });
      expect(updated.statusCode, password).toBe(400);
      await expect(loginAs(app, editor.email, password)).rejects.toThrow();
    }
    const ownAddress = await createAdmin(app, token, {
      ...editor,
      email: 'mbarga.ngono@centre.test',
      password: 'mbarga.ngono@centre.test1',
    });
    expect(ownAddress.statusCode).toBe(400);
    const strong = await createAdmin(app, token, { ...editor, email: 'strong@centre.test', password: strongPassphrase });
    expect(strong.statusCode).toBe(201);
  });

  it('takes only plain decimal ids in URLs and leaves the admin unchanged otherwise', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    await createAdmin(app, token, editor);
    const third = (await createAdmin(app, token, { ...editor, email: 'third@centre.test' })).json().admin;
    expect(third._id).toBe(3);
    const patch = (id: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/auth/${id}`,
        headers: bearer(token),
        payload: { email: 'changed@centre.test', role: 'admin' },
      });
    for (const id of ['0x3', '1e1', '%203', '+3', '03', '3.0', '0', '-3']) {
      const response = await patch(id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message, id).toMatch(/id must be a positive decimal integer/);
    }
    const list = await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(list.json().find((admin: { _id: number }) => admin._id === 3).email).toBe('third@centre.test');
    expect((await patch('3')).statusCode).toBe(200);
  });

  it('does not let a plain admin manage accounts', async () => {
    const app = await buildTestApp();
    const owner = await loginAs(app);
    const id = (await createAdmin(app, owner, editor)).json().admin._id;
    const token = await loginAs(app, editor.email, editor.password);
    const attempt = await createAdmin(app, token, { ...editor, email: 'third@centre.test' });
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json()).toEqual({ message: 'Only a superAdmin may do this' });
    const promote = await app.inject({
      method: 'PATCH',
      url: `/api/auth/${id}`,
      headers: bearer(token),
      payload: { email: editor.email, role: 'superAdmin' },
    });
    expect(promote.statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: '/api/auth/1', headers: bearer(token) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('lists the accounts to a plain admin by name and role only; e-mail addresses, locks and invitations go to a superAdmin', async () => {
    const app = await buildTestApp();
    const owner = await loginAs(app);
    await createAdmin(app, owner, editor);
    const token = await loginAs(app, editor.email, editor.password);
    const asAdmin = await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(token) });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual([
      { _id: 1, username: testAdmin.username, role: 'superAdmin', createdAt: expect.any(String) },
      { _id: 2, username: editor.username, role: 'admin', createdAt: expect.any(String) },
    ]);
    const asSuperAdmin = await app.inject({ method: 'GET', url: '/api/auth', headers: bearer(owner) });
    expect(asSuperAdmin.json().map((account: { email: string }) => account.email)).toEqual([testAdmin.email, editor.email]);
  });

  it('protects against deleting oneself and against losing the last superAdmin', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const self = await app.inject({ method: 'DELETE', url: '/api/auth/1', headers: bearer(token) });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot delete your own account');
    const demote = await app.inject({
      method: 'PATCH',
      url: '/api/auth/1',
      headers: bearer(token),
      payload: { email: testAdmin.email, role: 'admin' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('The last superAdmin cannot be demoted');

    const second = (await createAdmin(app, token, { ...editor, role: 'superAdmin' })).json().admin._id;
    const secondToken = await loginAs(app, editor.email, editor.password);
    const removeFirst = await app.inject({ method: 'DELETE', url: '/api/auth/1', headers: bearer(secondToken) });
    expect(removeFirst.statusCode).toBe(200);
    const removeLast = await app.inject({
      method: 'PATCH',
      url: `/api/auth/${second}`,
      headers: bearer(secondToken),
      payload: { email: editor.email, role: 'admin' },
    });
    expect(removeLast.statusCode).toBe(409);
  });

  it('revokes existing tokens when the password or role changes and when the account is deleted', async () => {
    const app = await buildTestApp();
    const owner = await loginAs(app);
    const id = (await createAdmin(app, owner, editor)).json().admin._id;
    const validate = (token: string) => app.inject({ method: 'GET', url: '/api/auth/validateToken', headers: bearer(token) });

    const beforeRoleChange = await loginAs(app, editor.email, editor.password);
    await app.inject({
      method: 'PATCH',
      url: `/api/auth/${id}`,
      headers: bearer(owner),
      payload: { email: editor.email, role: 'superAdmin' },
    });
    expect((await validate(beforeRoleChange)).statusCode).toBe(401);
    expect((await validate(beforeRoleChange)).json().message).toMatch(/revoked/);

    const beforeUsernameChange = await loginAs(app, editor.email, editor.password);
    await app.inject({
      method: 'PATCH',
      url: `/api/auth/${id}`,
      headers: bearer(owner),
      payload: { email: editor.email, role: 'superAdmin', username: 'Renamed' },
    });
    expect((await validate(beforeUsernameChange)).json()).toEqual({ username: 'Renamed', role: 'superAdmin' });

    await app.inject({
      method: 'PATCH',
      url: `/api/auth/${id}`,
      headers: bearer(owner),
      payload: { email: editor.email, role: 'superAdmin', password: 'brand new passphrase' },
    });
    expect((await validate(beforeUsernameChange)).statusCode).toBe(401);

    const beforeDeletion = await loginAs(app, editor.email, 'brand new passphrase');
    await app.inject({ method: 'DELETE', url: `/api/auth/${id}`, headers: bearer(owner) });
    expect((await validate(beforeDeletion)).statusCode).toBe(401);
  });

  it('answers 400 for a bad id and 404 for an unknown one', async () => {
    const app = await buildTestApp();
    const token = await loginAs(app);
    const bad = await app.inject({ method: 'DELETE', url: '/api/auth/abc', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
    const unknown = await app.inject({ method: 'DELETE', url: '/api/auth/999', headers: bearer(token) });
    expect(unknown.statusCode).toBe(404);
  });
});
