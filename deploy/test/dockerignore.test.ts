import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const workspaceRoot = fileURLToPath(new URL('../../', import.meta.url));

interface Rule {
  pattern: RegExp;
  exception: boolean;
}

/** A .dockerignore line as Docker reads it: `**` any depth, `*` and `?` within a segment, `!` re-includes. */
function parseDockerignore(text: string): Rule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exception = line.startsWith('!');
      const glob = path.posix.normalize(exception ? line.slice(1) : line).replace(/^\/+/, '');
      return { pattern: globToRegExp(glob), exception };
    });
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const character = glob[index] as string;
    if (glob.startsWith('**/', index)) {
      source += '(?:.*/)?';
      index += 2;
    } else if (glob.startsWith('**', index)) {
      source += '.*';
      index += 1;
    } else if (character === '*') source += '[^/]*';
    else if (character === '?') source += '[^/]';
    else source += character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Docker's rule: the last pattern matching the path or one of its parent folders decides. */
function isExcluded(rules: Rule[], file: string): boolean {
  const segments = file.split('/');
  const candidates = segments.map((_segment, index) => segments.slice(0, index + 1).join('/'));
  let excluded = false;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.pattern.test(candidate))) excluded = !rule.exception;
  }
  return excluded;
}

function filesUnder(root: string, folder = ''): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(root, relative) : [relative];
  });
}

const rules = parseDockerignore(readFileSync(path.join(workspaceRoot, '.dockerignore'), 'utf8'));
const buildContext = (root: string) => filesUnder(root).filter((file) => !isExcluded(rules, file));

describe('.dockerignore, read with Docker’s rules', () => {
  const context = mkdtempSync(path.join(tmpdir(), 'cfp-context-'));
  afterAll(() => rmSync(context, { recursive: true, force: true }));

  const secrets = [
    '.env',
    '.env.production',
    '.env.local',
    'api/.env',
    'deploy/tls/server.key',
    'deploy/tls/server.pem',
    'data/cfp.sqlite',
    'data/cfp.sqlite-wal',
    'data/jwt-secret',
    'data/backups/2026-11-23.tar.gz',
    'api/data/jwt-secret',
    'jwt-secret',
    'backups/cfp-2026-11-23.sqlite',
    'dump.zip',
    '.git/config',
    'node_modules/minio/index.js',
    'api/node_modules/fastify/index.js',
    'admin/dist/index.html',
    '.npmrc',
  ];
  const needed = [
    'package.json',
    'pnpm-lock.yaml',
    'pnpm-workspace.yaml',
    '.env.example',
    'api/package.json',
    'api/src/server.ts',
    'admin/index.html',
    'site/astro.config.mjs',
    'site/src/pages/index.astro',
    'packages/shared/src/index.ts',
    'deploy/nginx/start.sh',
  ];

  it('sends none of the decoy secrets, databases, backups or repository files', () => {
    for (const file of [...secrets, ...needed]) {
      mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
      writeFileSync(path.join(context, file), 'decoy');
    }
    const sent = buildContext(context);
    expect(sent.filter((file) => secrets.includes(file))).toEqual([]);
    expect(sent.sort()).toEqual([...needed].sort());
  });

  it('sends every tracked file the image builds from', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: workspaceRoot, encoding: 'utf8' }).split('\n');
    const buildInputs = tracked.filter((file) =>
      /^(api|admin|site|packages)\/|^(package\.json|pnpm-lock\.yaml|pnpm-workspace\.yaml|tsconfig[\w.]*\.json)$/.test(file),
    );
    expect(buildInputs.length).toBeGreaterThan(100);
    expect(buildInputs.filter((file) => isExcluded(rules, file))).toEqual([]);
  });
});
