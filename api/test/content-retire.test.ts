import path from 'node:path';
import { checkContent } from '@cfp/content/check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, insertAdmin, loginAs, testAdmin, testEditor } from './helper.ts';
import { bearer, committedContent, git, openForm } from './support/content-repository.ts';

async function signedInApp(root: string) {
  const app = await buildTestApp({ env: { CONTENT_DIR: path.join(root, 'content') } });
  return { app, token: await loginAs(app) };
}

function setRetired(app: FastifyInstance, token: string, slug: string, retired: boolean, version: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/content/programmes/${slug}/retired`,
    headers: bearer(token),
    payload: { retired, version },
  });
}

const application = {
  programme: 'soudure',
  firstName: 'Jean-Paul',
  lastName: 'Essomba',
  phone: '6 99 12 34 56',
  town: 'Nkoabang',
  level: 'cep',
  schedule: 'jour',
  consent: true,
};

const preEnrol = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/applications', payload: application, remoteAddress });

const pointsAbout = (root: string, file: string) =>
  checkContent(path.join(root, 'content')).problems.filter((problem) => problem.file === file);

describe('taking a programme off the site and putting it back', () => {
  it('writes retired: true in one commit by the superAdmin, refuses pre-enrolments meanwhile, and the way back restores the file', async () => {
    const root = committedContent();
    const { app, token } = await signedInApp(root);
    const file = 'content/formations/soudure.md';
    const original = git(root, 'show', `HEAD:${file}`);
    expect(pointsAbout(root, file).map(({ kind }) => kind)).toContain('unconfirmed');

    const before = git(root, 'rev-parse', 'HEAD');
    const retired = await setRetired(app, token, 'soudure', true, before);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ message: 'Soudure: taken off the site', unchanged: false });
    expect(git(root, 'rev-list', '--count', `${before}..HEAD`)).toBe('1');
    expect(git(root, 'log', '-1', '--format=%an')).toBe(testAdmin.username);
    const diff = git(root, 'show', '--format=', '--unified=0', 'HEAD');
    expect(diff.split('\n').filter((line) => /^[-+][^-+]/.test(line))).toEqual(['+retired: true']);

    const list = await openForm(app, token, '/api/content/programmes');
    expect(list.programmes.find(({ slug }: { slug: string }) => slug === 'soudure')).toMatchObject({ retired: true });
    // Off the site, it is no point of the launch checklist.
    expect(pointsAbout(root, file)).toEqual([]);
    const refused = await preEnrol(app, '10.0.0.1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Cette formation n’est plus proposée/);

    const again = await setRetired(app, token, 'soudure', true, list.version);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Soudure is off the site already: reload the page');

    const back = await setRetired(app, token, 'soudure', false, list.version);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().message).toBe('Soudure: back on the site');
    expect(git(root, 'show', `HEAD:${file}`)).toBe(original);
    expect((await preEnrol(app, '10.0.0.2')).statusCode).toBe(201);
  });

  it('is for superAdmins, and refuses a programme changed since it was read', async () => {
    const root = committedContent();
    const { app, token } = await signedInApp(root);
    await insertAdmin(app, testEditor);
    const editorToken = await loginAs(app, testEditor.email, testEditor.password);
    const version = git(root, 'rev-parse', 'HEAD');
    expect((await setRetired(app, editorToken, 'soudure', true, version)).statusCode).toBe(403);

    const read = await openForm(app, token, '/api/content/programmes/soudure');
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/content/programmes/soudure',
      headers: bearer(token),
      payload: { values: { ...read.values, durationMonths: '10' }, version: read.revision.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await setRetired(app, token, 'soudure', true, version);
    expect(stale.statusCode).toBe(409);
    expect(git(root, 'show', 'HEAD:content/formations/soudure.md')).not.toContain('retired');
  });
});
