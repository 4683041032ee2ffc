import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, testAdmin } from './helper.ts';
import { bearer, committedContent, git, openForm } from './support/content-repository.ts';

const filledFacts = [
  'intakes: ["2099-01-11"]',
  'enrolmentDocuments: ["Copie de l’acte de naissance"]',
  'fees: {registration: 25000, tuition: 350000}',
  'scheduleHours:',
  '  jour: {days: [lundi, mardi, mercredi, jeudi, vendredi], from: "08:00", to: "12:00"}',
  '  soir: {days: [lundi, mercredi, vendredi], from: "17:30", to: "20:00"}',
].join('\n');

/** The content fixture in a repository, with these programmes' facts all given (in the files' own style), committed by an editor in git. */
function contentWithFilled(slugs: string[]): string {
  const root = committedContent();
  for (const slug of slugs) {
    const file = path.join(root, 'content/formations', `${slug}.md`);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^confirmed: false$/m, `$&\n${filledFacts}`));
  }
  git(root, 'commit', '--quiet', '-am', 'Facts given');
  return root;
}

async function signedInApp(root: string) {
  const app = await buildTestApp({ env: { CONTENT_DIR: path.join(root, 'content') } });
  return { app, token: await loginAs(app) };
}

function confirm(app: FastifyInstance, token: string, slugs: string[], version: string) {
  return app.inject({
    method: 'POST',
    url: '/api/content/programmes/confirm',
    headers: bearer(token),
    payload: { slugs, version },
  });
}

const filled = ['electricite-batiment', 'froid-climatisation'];

describe('confirming several programmes at once', () => {
  it('confirms two filled programmes in one commit by the admin that changes only their confirmed lines', async () => {
    const root = contentWithFilled(filled);
    const { app, token } = await signedInApp(root);
    const before = git(root, 'rev-parse', 'HEAD');
    const list = await openForm(app, token, '/api/content/programmes');
    expect(list.version).toBe(before);
    expect(list.programmes.filter((programme: { gaps: string[] }) => programme.gaps.length === 0)).toHaveLength(2);

    const confirmed = await confirm(app, token, filled, list.version);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'Programmes confirmed: Électricité bâtiment and Froid et climatisation',
      unchanged: false,
      path: '/formations',
    });
    expect(git(root, 'rev-list', '--count', `${before}..HEAD`)).toBe('1');
    expect(git(root, 'log', '-1', '--format=%an <%ae>')).toBe(`${testAdmin.username} <${testAdmin.email}>`);
    expect(git(root, 'show', '--format=', '--numstat', 'HEAD')).toBe(
      '1\t1\tcontent/formations/electricite-batiment.md\n1\t1\tcontent/formations/froid-climatisation.md',
    );
    const diff = git(root, 'show', '--format=', '--unified=0', 'HEAD');
    expect(diff.split('\n').filter((line) => /^[-+][^-+]/.test(line))).toEqual([
      '-confirmed: false',
      '+confirmed: true',
      '-confirmed: false',
      '+confirmed: true',
    ]);

    const after = await openForm(app, token, '/api/content/programmes');
    const confirmedNow = after.programmes.filter((programme: { confirmed: boolean }) => programme.confirmed);
    expect(confirmedNow.map(({ slug }: { slug: string }) => slug).sort()).toEqual([...filled, 'maintenance-informatique']);
    const audit = await app.inject({ method: 'GET', url: '/api/audit?action=content.update', headers: bearer(token) });
    expect(audit.json()[0].target).toContain('Programmes confirmed: Électricité bâtiment and Froid et climatisation (');
  });

  it('refuses the whole request, writing nothing, when one programme still lacks facts or is confirmed already', async () => {
    const root = contentWithFilled(filled);
    const { app, token } = await signedInApp(root);
    const before = git(root, 'rev-parse', 'HEAD');
    const { version } = await openForm(app, token, '/api/content/programmes');

    const lacking = await confirm(app, token, [...filled, 'soudure'], version);
    expect(lacking.statusCode).toBe(400);
    expect(lacking.json().message).toBe(
      'Soudure still lacks its fees, next intakes, enrolment documents and days and hours: fill them in before confirming it',
    );
    const already = await confirm(app, token, ['electricite-batiment', 'maintenance-informatique'], version);
    expect(already.statusCode).toBe(400);
    expect(already.json().message).toMatch(/is confirmed already/);
    const unknown = await confirm(app, token, ['electricite-batiment', 'plomberie'], version);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('There is no programme “plomberie”: reload the list');

    expect(git(root, 'rev-parse', 'HEAD')).toBe(before);
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('answers 409 when a programme changed since the list was read', async () => {
    const root = contentWithFilled(filled);
    const { app, token } = await signedInApp(root);
    const { version } = await openForm(app, token, '/api/content/programmes');
    const file = path.join(root, 'content/formations/froid-climatisation.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('tuition: 350000', 'tuition: 380000'));
    git(root, 'commit', '--quiet', '-am', 'Tuition raised');
    const head = git(root, 'rev-parse', 'HEAD');

    const stale = await confirm(app, token, filled, version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This was changed by Editor in git at .*; reload to see it$/);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
  });
});
