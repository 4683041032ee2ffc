import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const workspaceRoot = fileURLToPath(new URL('../', import.meta.url));

const productionEnv = {
  PUBLIC_SITE_URL: 'https://www.centre.test',
  ADMIN_EMAIL: 'owner@centre.test',
  JWT_SECRET: 'a'.repeat(48),
  MINIO_ROOT_USER: 'centre',
  MINIO_ROOT_PASSWORD: 'b'.repeat(24),
  S3_PUBLIC_URL: 'https://www.centre.test/media',
};

/** `docker compose` when the plugin is there, else Debian's standalone docker-compose (CI installs it). */
function composeCommand(): [string, string[]] {
  if (spawnSync('docker', ['compose', 'version']).status === 0) return ['docker', ['compose']];
  return ['docker-compose', []];
}

function composeConfig(env: Record<string, string>) {
  const [command, prefix] = composeCommand();
  return spawnSync(command, [...prefix, '-f', 'docker-compose.yml', 'config'], {
    cwd: workspaceRoot,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

describe('docker-compose.yml', () => {
  it('is accepted by docker compose, with api, minio, its bucket set-up and the web server', () => {
    const result = composeConfig(productionEnv);
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
    for (const service of ['api:', 'minio:', 'minio-init:', 'web:']) expect(result.stdout).toContain(service);
    expect(result.stdout).toContain('api-data');
  });

  it('refuses to render without the secrets, naming them', () => {
    const result = composeConfig({});
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/PUBLIC_SITE_URL|JWT_SECRET|MINIO_ROOT_USER|ADMIN_EMAIL/);
  });

  it('keeps no secret in the repository', () => {
    const tracked = execFileSync('git', ['ls-files'], { cwd: workspaceRoot, encoding: 'utf8' }).split('\n');
    expect(tracked).not.toContain('.env');
    expect(tracked.filter((file) => /jwt-secret|\.sqlite$/.test(file))).toEqual([]);
  });
});
