import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { englishProgrammeSchema, splitFrontMatter } from '@cfp/content';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, testAdmin } from './helper.ts';
import { bearer, committedContent, contentFixture, git, openForm } from './support/content-repository.ts';

/** A repository holding a copy of the content fixture, as `pnpm start` commits to, and an app on it signed in as a superAdmin. */
async function contentApp() {
  const root = committedContent();
  const app = await buildTestApp({ env: { CONTENT_DIR: path.join(root, 'content') } });
  const token = await loginAs(app);
  const file = (name: string) => readFileSync(path.join(root, 'content', name), 'utf8');
  /** An editor who commits in the same repository meanwhile. */
  const editorCommits = (name: string, change: (text: string) => string, message: string) => {
    writeFileSync(path.join(root, 'content', name), change(file(name)));
    git(root, 'commit', '--quiet', '-am', message);
  };
  return { root, app, token, file, editorCommits };
}

function save(app: FastifyInstance, token: string, url: string, payload: object) {
  return app.inject({ method: 'PUT', url, headers: bearer(token), payload });
}

const soudure = '/api/content/programmes/soudure';
const stampOf = (text: string) => /^translationOf: "(.+)"$/m.exec(text)?.[1];

describe('a programme’s English texts saved from the admin beside the French ones', () => {
  it('reads them with their state, saves both files as one commit by the staff member, and undoes it at once', async () => {
    const { root, app, token, file } = await contentApp();
    const form = await openForm(app, token, soudure);
    expect(form.english).toMatchObject({
      file: 'content/en/formations/soudure.md',
      status: 'current',
      path: '/en/programmes/welding',
      values: { summary: expect.stringMatching(/^Learn the main welding processes/), skills: expect.any(Array) },
    });
    const before = git(root, 'rev-parse', 'HEAD');
    const englishBefore = file('en/formations/soudure.md');

    const saved = await save(app, token, soudure, {
      version: form.revision.version,
      values: { ...form.values, summary: 'Apprenez à souder l’acier et l’aluminium, du portail à la charpente.' },
      english: { ...form.english.values, summary: 'Learn to weld steel and aluminium, from gates to steel frames.' },
      englishUpToDate: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Soudure: summary; English summary', path: '/formation/soudure' });
    expect(git(root, 'rev-list', '--count', `${before}..HEAD`)).toBe('1');
    expect(git(root, 'log', '-1', '--format=%an <%ae>')).toBe(`${testAdmin.username} <${testAdmin.email}>`);
    expect(git(root, 'show', '--format=', '--name-only', 'HEAD').split('\n')).toEqual([
      'content/en/formations/soudure.md',
      'content/formations/soudure.md',
    ]);
    expect(file('en/formations/soudure.md')).toContain(
      'summary: "Learn to weld steel and aluminium, from gates to steel frames."',
    );
    expect(stampOf(file('en/formations/soudure.md'))).not.toBe(stampOf(englishBefore));
    const reread = await openForm(app, token, soudure);
    expect(reread.english.status).toBe('current');
    expect(reread.revision.history[0].message).toBe('Soudure: summary; English summary');

    const undone = await app.inject({
      method: 'POST',
      url: '/api/content/revert',
      headers: bearer(token),
      payload: { commit: saved.json().commit },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ path: '/formation/soudure', message: 'Undo “Soudure: summary; English summary”' });
    expect(file('en/formations/soudure.md')).toBe(englishBefore);
    expect(file('formations/soudure.md')).toBe(readFileSync(path.join(contentFixture(), 'formations/soudure.md'), 'utf8'));
    expect(git(root, 'show', '--format=', '--name-only', 'HEAD').split('\n')).toHaveLength(2);
    expect((await openForm(app, token, soudure)).english.status).toBe('current');
  });

  it('leaves the English older than the French when only the French changed, then marks it up to date when ticked', async () => {
    const { root, app, token, file } = await contentApp();
    const form = await openForm(app, token, soudure);
    const frenchOnly = await save(app, token, soudure, {
      version: form.revision.version,
      values: { ...form.values, job: `${form.values.job} Le métier recrute.` },
      english: form.english.values,
    });
    expect(frenchOnly.statusCode, frenchOnly.body).toBe(200);
    expect(git(root, 'show', '--format=', '--name-only', 'HEAD')).toBe('content/formations/soudure.md');
    const outdated = await openForm(app, token, soudure);
    expect(outdated.english.status).toBe('outdated');
    const status = await app.inject({ method: 'GET', url: '/api/site/status', headers: bearer(token) });
    expect(status.json().content.problems).toContainEqual(
      expect.objectContaining({ kind: 'untranslated', file: 'content/en/formations/soudure.md', field: 'translationOf' }),
    );

    const ticked = await save(app, token, soudure, {
      version: outdated.revision.version,
      values: outdated.values,
      english: outdated.english.values,
      englishUpToDate: true,
    });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({ message: 'Soudure: English marked up to date', path: '/en/programmes/welding' });
    expect(git(root, 'show', '--format=', '--numstat', 'HEAD')).toBe('1\t1\tcontent/en/formations/soudure.md');
    expect((await openForm(app, token, soudure)).english.status).toBe('current');
    expect(file('en/formations/soudure.md').split('\n')[1]).toMatch(/^translationOf: "title:[0-9a-f]{6}\/[0-9a-f]{6} .+"$/);
  });

  it('refuses an English field someone changed meanwhile, naming it, and writes nothing of the form', async () => {
    const { root, app, token, file, editorCommits } = await contentApp();
    const form = await openForm(app, token, soudure);
    editorCommits(
      'en/formations/soudure.md',
      (text) => text.replace(/^summary: .*$/m, 'summary: "Weld steel for building sites and industry."'),
      'Welding: English summary',
    );
    const head = git(root, 'rev-parse', 'HEAD');
    const refused = await save(app, token, soudure, {
      version: form.revision.version,
      values: { ...form.values, registrationFee: '25 000' },
      english: { ...form.english.values, summary: 'Learn to weld.' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^This was changed by Editor in git at .+; reload to see it$/),
      fields: { 'english.summary': expect.stringMatching(/^This was changed by Editor in git/) },
    });
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(file('formations/soudure.md')).not.toContain('registration: 25000');
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('refuses an English text that promises the missing phone or links to a French page, beside its field, writing nothing', async () => {
    const { root, app, token } = await contentApp();
    const form = await openForm(app, token, soudure);
    const refused = await save(app, token, soudure, {
      version: form.revision.version,
      values: { ...form.values, registrationFee: '25 000' },
      english: {
        ...form.english.values,
        job: `${form.english.values.job} Call us to visit the workshop.`,
        outlets: [...form.english.values.outlets.slice(1), 'See [our other programme](/formation/electricite-batiment)'],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      'english.job': expect.stringMatching(/^“Call us” promises a detail the centre has not given yet/),
      'english.outlets': expect.stringMatching(/^This English text links to the French page \/formation\/electricite-batiment/),
    });
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(git(root, 'rev-list', '--count', 'HEAD')).toBe('1');
  });
});

describe('a programme with no English text yet', () => {
  it('offers the English blank beside the French to translate, and creates the file with its address in the same commit', async () => {
    const { root, app, token, file } = await contentApp();
    const englishBefore = file('en/formations/soudure.md');
    rmSync(path.join(root, 'content/en/formations/soudure.md'));
    git(root, 'commit', '--quiet', '-am', 'Welding: no English yet');
    const form = await openForm(app, token, soudure);
    expect(form.english).toMatchObject({
      status: 'missing',
      values: { summary: '', slug: '', highlights: [{ title: '', text: '' }, {}, {}, {}] },
      toTranslate: { title: 'Soudure', admission: expect.any(Array) },
    });
    expect(form.english.path).toBeUndefined();

    const frenchOnly = await save(app, token, soudure, {
      version: form.revision.version,
      values: { ...form.values, registrationFee: '25 000' },
      english: form.english.values,
    });
    expect(frenchOnly.statusCode, frenchOnly.body).toBe(200);
    expect(git(root, 'show', '--format=', '--name-only', 'HEAD')).toBe('content/formations/soudure.md');

    const previous = englishProgrammeSchema.parse(splitFrontMatter(englishBefore)?.data);
    const reread = await openForm(app, token, soudure);
    const created = await save(app, token, soudure, {
      version: reread.revision.version,
      values: { ...reread.values, summary: 'Apprenez à souder l’acier.' },
      english: {
        ...reread.english.values,
        slug: 'welding',
        title: previous.title,
        heroTitle: previous.hero.title,
        heroSubtitle: previous.hero.subtitle,
        admission: previous.admission,
        highlights: previous.highlights,
        trades: previous.trades,
        diplomaName: previous.diploma.name,
        diplomaAwardedBy: previous.diploma.awardedBy,
        summary: 'Learn to weld steel.',
        job: previous.job,
        skills: previous.skills,
        outlets: previous.outlets,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Soudure: summary; English text written');
    expect(git(root, 'show', '--format=', '--name-only', 'HEAD').split('\n')).toEqual([
      'content/en/formations/soudure.md',
      'content/formations/soudure.md',
    ]);
    expect(file('en/formations/soudure.md')).toMatch(
      /^---\ntranslationOf: "title:[0-9a-f]{6}\/[0-9a-f]{6} .+"\nslug: "welding"\n/,
    );
    expect((await openForm(app, token, soudure)).english).toMatchObject({ status: 'current', path: '/en/programmes/welding' });
  });
});

describe('the FAQ and the centre’s details with their English', () => {
  it('saves an English answer beside the French list and gives the centre’s English words with what they still lack', async () => {
    const { root, app, token, file } = await contentApp();
    const faq = await openForm(app, token, '/api/content/faq');
    expect(faq.english).toMatchObject({ file: 'content/en/faq.yaml', status: 'current' });
    expect(faq.english.values.items).toHaveLength(faq.values.items.length);
    const [first, ...rest] = faq.english.values.items;
    const saved = await save(app, token, '/api/content/faq', {
      version: faq.revision.version,
      values: faq.values,
      english: { items: [{ ...first, answer: `${first.answer} We welcome you from Monday.` }, ...rest] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'FAQ: English questions and answers', path: '/en/faq' });
    expect(git(root, 'show', '--format=', '--name-only', 'HEAD')).toBe('content/en/faq.yaml');
    expect(file('en/faq.yaml')).toContain('We welcome you from Monday.');
    expect((await openForm(app, token, '/api/content/faq')).english.status).toBe('current');

    const centre = await openForm(app, token, '/api/content/centre');
    expect(centre.english).toMatchObject({
      file: 'content/en/centre.yaml',
      exists: true,
      values: { tagline: 'Practical trades, recognised diplomas', phones: [{ label: 'Reception' }, { label: 'Enrolment' }] },
    });
    expect(centre.missing).toContainEqual({ field: 'english.callbackDelay', hint: expect.any(String), optional: false });
  });
});
