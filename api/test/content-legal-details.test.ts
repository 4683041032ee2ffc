import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs } from './helper.ts';
import { bearer, committedContent, git, openForm } from './support/content-repository.ts';

describe('the legal notice’s details in the centre’s form', () => {
  it('lists each one still to give, saves the host in place, and puts the marker back when it is emptied', async () => {
    const root = committedContent();
    const app = await buildTestApp({ env: { CONTENT_DIR: path.join(root, 'content') } });
    const token = await loginAs(app);
    const save = (values: object, version: string) =>
      app.inject({ method: 'PUT', url: '/api/content/centre', headers: bearer(token), payload: { values, version } });

    const form = await openForm(app, token, '/api/content/centre');
    const missing = form.missing.map(({ field }: { field: string }) => field);
    expect(missing).toEqual(expect.arrayContaining(['legalPublicationDirector', 'legalHost', 'legalDataProtectionLaw']));
    const host = 'Hébergeur Exemple SARL, Bastos, Yaoundé';
    const saved = await save({ ...form.values, legalHost: host }, form.revision.version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Centre details: legal notice');
    expect(
      git(root, 'show', '--format=', '--unified=0', 'HEAD')
        .split('\n')
        .filter((line) => /^[-+] /.test(line)),
    ).toEqual(['-  host: "[À COMPLÉTER: nom et adresse de l’hébergeur du site]"', `+  host: "${host}"`]);

    const again = await openForm(app, token, '/api/content/centre');
    expect(again.values.legalHost).toBe(host);
    const emptied = await save({ ...again.values, legalHost: '' }, again.revision.version);
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(git(root, 'show', 'HEAD:content/centre.yaml')).toContain(
      'host: "[À COMPLÉTER: nom et adresse de l’hébergeur du site]"',
    );
  });
});
