import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { temporaryDirectory } from '../helper.ts';

/** The project's content/, which the content editor's tests commit copies of. */
export const repositoryContent = path.resolve(import.meta.dirname, '../../../content');

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

/** A repository holding a copy of content/ in one commit, as `pnpm start` commits to; its root. */
export function committedContent(): string {
  const root = temporaryDirectory();
  git(root, 'init', '--quiet', '--initial-branch=main');
  cpSync(repositoryContent, path.join(root, 'content'), { recursive: true });
  git(root, 'add', '--all');
  git(root, 'commit', '--quiet', '-m', 'The content');
  return root;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A Site content form's values and revision, as the admin reads them. */
export async function openForm(app: FastifyInstance, token: string, url: string) {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
