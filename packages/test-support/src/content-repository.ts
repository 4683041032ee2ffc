import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixtureContent } from './content-fixture.ts';

const repositoryContent = fileURLToPath(new URL('../../../content', import.meta.url));

/**
 * A scratch git repository holding a copy of the project's content/ in one commit, or of the
 * small fixture with `{ fixture: true }` (content-fixture), the content a product that builds
 * its site may build (`startProduct`): what the admin's saves commit to in the embedded default,
 * without touching the project's own clone.
 */
export function scratchContentRepository(prefix: string, { fixture = false } = {}) {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const contentDir = path.join(root, 'content');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  git('init', '--quiet', '--initial-branch=main');
  if (fixture) fixtureContent(contentDir);
  else cpSync(repositoryContent, contentDir, { recursive: true });
  git('add', '--all');
  git('-c', 'user.name=Seed', '-c', 'user.email=seed@centre.test', 'commit', '--quiet', '-m', 'The content');
  return {
    root,
    /** The folder to give the product as CONTENT_DIR. */
    contentDir,
    git,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
