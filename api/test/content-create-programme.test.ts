import { readFileSync, writeFileSync } from 'node:fs';
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

const highlights = (language: string) =>
  [1, 2, 3, 4].map((index) => ({ title: `${language} highlight ${index}`, text: `${language} text of highlight ${index}.` }));

/** A new programme's two forms, filled from Soudure's as the form opens it, with its own name and texts. */
async function newProgramme(app: FastifyInstance, token: string) {
  const soudure = await openForm(app, token, '/api/content/programmes/soudure');
  return {
    values: {
      ...soudure.values,
      confirmed: false,
      slug: 'ferronnerie-art',
      title: 'Ferronnerie d’art',
      department: 'industriel-technique',
      heroTitle: 'Forgez portails, rampes et grilles qui durent',
      heroSubtitle: 'Un métier d’atelier, entre la forge et la soudure.',
      admission: ['Avoir au moins le niveau CEP.', 'Aimer le travail manuel.'],
      highlights: highlights('Point'),
      trades: ['ferronnier', 'ferronnière'],
    },
    english: {
      ...soudure.english.values,
      slug: 'art-metalwork',
      title: 'Art metalwork',
      heroTitle: 'Forge gates, railings and grilles that last',
      heroSubtitle: 'A workshop trade, between the forge and welding.',
      admission: ['At least the CEP level.', 'Enjoying hands-on work.'],
      highlights: highlights('Point'),
      trades: ['metalworker'],
    },
  };
}

const create = (app: FastifyInstance, token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/content/programmes', headers: bearer(token), payload });

describe('adding a programme from the admin', () => {
  it('writes its French file, last in its department, and its English twin, up to date, in one commit', async () => {
    const root = committedContent();
    const { app, token } = await signedInApp(root);
    const before = git(root, 'rev-parse', 'HEAD');
    const created = await create(app, token, await newProgramme(app, token));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ message: 'Ferronnerie d’art: added to the site', path: '/formation/ferronnerie-art' });
    expect(git(root, 'rev-list', '--count', `${before}..HEAD`)).toBe('1');
    expect(git(root, 'log', '-1', '--format=%an')).toBe(testAdmin.username);
    expect(git(root, 'show', '--format=', '--name-only', 'HEAD').split('\n')).toEqual([
      'content/en/formations/ferronnerie-art.md',
      'content/formations/ferronnerie-art.md',
    ]);
    const french = git(root, 'show', 'HEAD:content/formations/ferronnerie-art.md');
    expect(french).toMatch(/^title: "Ferronnerie d’art"$/m);
    expect(french).toMatch(/^order: 6$/m);
    expect(french).toMatch(/^confirmed: false$/m);

    // The content check finds nothing wrong with either file, and the English says what the French says.
    const problems = checkContent(path.join(root, 'content')).problems.filter((problem) =>
      problem.file.includes('ferronnerie-art'),
    );
    expect(problems.map(({ kind }) => kind)).toEqual(['unconfirmed']);
    const opened = await openForm(app, token, '/api/content/programmes/ferronnerie-art');
    expect(opened).toMatchObject({ title: 'Ferronnerie d’art', departmentTitle: 'Industriel et technique' });
    expect(opened.english).toMatchObject({ status: 'current', path: '/en/programmes/art-metalwork' });
    const pre = await app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: {
        programme: 'ferronnerie-art',
        firstName: 'Awa',
        lastName: 'Ngono',
        phone: '6 99 12 34 56',
        town: 'Nkoabang',
        level: 'cep',
        schedule: 'jour',
        consent: true,
      },
    });
    expect(pre.statusCode, pre.body).toBe(201);
  });

  it('refuses a taken address in either language, a missing text, or an admin who is not a superAdmin, writing nothing', async () => {
    const root = committedContent();
    const soudure = path.join(root, 'content/formations/soudure.md');
    writeFileSync(soudure, readFileSync(soudure, 'utf8').replace(/^confirmed: /m, 'legacySlugs: [Soudure-Metallique]\n$&'));
    git(root, 'commit', '--quiet', '-am', 'A former address');
    const { app, token } = await signedInApp(root);
    const head = git(root, 'rev-parse', 'HEAD');
    const programme = await newProgramme(app, token);
    const refusals: Array<[object, string, RegExp]> = [
      [{ values: { ...programme.values, slug: 'soudure' } }, 'slug', /Another programme has this address/],
      [{ values: { ...programme.values, slug: 'soudure-metallique' } }, 'slug', /Another programme has this address, or had it/],
      [{ english: { ...programme.english, slug: 'welding' } }, 'english.slug', /English address/],
      [{ values: { ...programme.values, highlights: highlights('Point').slice(0, 3) } }, 'highlights', /4 highlights/],
      [{ values: { ...programme.values, department: 'astronautique' } }, 'department', /Choose a department/],
      [{ english: { ...programme.english, title: ' ' } }, 'english.title', /title in English is required/],
    ];
    for (const [change, field, message] of refusals) {
      const refused = await create(app, token, { ...programme, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().fields?.[field], refused.body).toMatch(message);
    }
    await insertAdmin(app, testEditor);
    const editor = await loginAs(app, testEditor.email, testEditor.password);
    expect((await create(app, editor, programme)).statusCode).toBe(403);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });
});
