import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryContent = fileURLToPath(new URL('../../../content', import.meta.url));

/**
 * A scratch git repository holding a copy of the project's content/ in one commit: what the
 * admin's saves commit to in the embedded default, without touching the project's own clone.
 */
export function scratchContentRepository(prefix: string) {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  git('init', '--quiet', '--initial-branch=main');
  cpSync(repositoryContent, path.join(root, 'content'), { recursive: true });
  git('add', '--all');
  git('-c', 'user.name=Seed', '-c', 'user.email=seed@centre.test', 'commit', '--quiet', '-m', 'The content');
  return {
    root,
    /** The folder to give the product as CONTENT_DIR. */
    contentDir: path.join(root, 'content'),
    git,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
