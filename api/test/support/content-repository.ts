import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { fixtureContent } from '@cfp/test-support/content-fixture';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { temporaryDirectory } from '../helper.ts';

let fixture: string | undefined;

/**
 * The small content fixture (@cfp/test-support/content-fixture: two departments, six programmes
 * with Soudure, the FAQ and the centre's details as content/ has them), made once per test file:
 * what the content editor's tests commit copies of. Each save checks the whole folder, about ten
 * times faster on it than on content/.
 */
export function contentFixture(): string {
  fixture ??= fixtureContent(temporaryDirectory());
  return fixture;
}

const gitIdentity = {
  GIT_AUTHOR_NAME: 'Editor in git',
  GIT_AUTHOR_EMAIL: 'git@centre.test',
  GIT_COMMITTER_NAME: 'Editor in git',
  GIT_COMMITTER_EMAIL: 'git@centre.test',
};

/** Runs git as an editor working in the repository would; its output, trimmed. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...gitIdentity } }).trim();
}

let committedFixture: string | undefined;

/**
 * A repository holding a copy of the content fixture in one commit, as `pnpm start` commits to;
 * its root. Each is a copy of one made once per test file: three git processes fewer per test.
 */
export function committedContent(): string {
  if (!committedFixture) {
    committedFixture = temporaryDirectory();
    git(committedFixture, 'init', '--quiet', '--initial-branch=main');
    cpSync(contentFixture(), path.join(committedFixture, 'content'), { recursive: true });
    git(committedFixture, 'add', '--all');
    git(committedFixture, 'commit', '--quiet', '-m', 'The content');
  }
  const root = temporaryDirectory();
  cpSync(committedFixture, root, { recursive: true, preserveTimestamps: true });
  return root;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A Site content form's values and revision, as the admin reads them. */
export async function openForm(app: FastifyInstance, token: string, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
