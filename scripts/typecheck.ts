/**
 * The workspace's type check, incremental: `tsc -b` over the projects of tsconfig.json (their
 * build info under .cache/tsc), then `astro check` for the site, skipped when nothing it reads
 * changed since it last passed. After a one-file change only what that file touches is checked.
 *
 * Run: `pnpm typecheck` (`--force` checks everything again).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const force = process.argv.includes('--force');

/** What `astro check` reads: the site, the packages it imports and the content its collections load. */
const siteInputs = ['site', 'packages/shared/src', 'packages/content/src', 'packages/precompress/src', 'content'];
const siteStamp = path.join(root, '.cache', 'typecheck', 'site.sha256');

function run(command: string, args: string[], cwd = root): boolean {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  return result.status === 0;
}

/** One hash of the site's inputs (the files git tracks or would: no build output), their paths and bytes. */
function siteInputsHash(): string {
  const hash = createHash('sha256');
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...siteInputs], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = listed.stdout.split('\n').filter((file) => file && existsSync(path.join(root, file)));
  for (const file of files.sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function checkSite(): boolean {
  const inputs = siteInputsHash();
  if (!force && existsSync(siteStamp) && readFileSync(siteStamp, 'utf8') === inputs) {
    console.log('typecheck: the site is unchanged since its last check');
    return true;
  }
  const astro = path.join(root, 'site', 'node_modules', 'astro', 'bin', 'astro.mjs');
  if (!run(process.execPath, [astro, 'check', '--minimumSeverity', 'warning'], path.join(root, 'site'))) return false;
  mkdirSync(path.dirname(siteStamp), { recursive: true });
  writeFileSync(siteStamp, inputs);
  return true;
}

const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const passed = run(process.execPath, [tsc, '-b', ...(force ? ['--force'] : [])]) && checkSite();
process.exit(passed ? 0 : 1);
