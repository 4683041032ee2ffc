import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiNodeFlags } from '@cfp/test-support/api-process';
import { freePort } from '@cfp/test-support/free-port';
import { startLoopbackS3 } from '@cfp/test-support/loopback-s3';
import { scaled } from '@cfp/test-support/time-scale';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { temporaryDirectory, testAdmin } from '../helper.ts';
import { cliTestTimeoutMs, runCli } from '../support/cli.ts';
import { waitUntil } from '../support/waiting.ts';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const syncIntervalSeconds = 1;
/** Beyond the sync interval, what uploading the last WAL segment may take on a busy machine. */
const uploadAllowanceMs = 1000;

function replicaEnv(s3: Awaited<ReturnType<typeof startLoopbackS3>>, dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SITE_REBUILD: 'off',
    SITE_SERVE: 'false',
    ADMIN_EMAIL: testAdmin.email,
    ADMIN_PASSWORD: testAdmin.password,
    ...s3.env,
    DB_REPLICA: 's3',
    DB_REPLICA_S3_BUCKET: 'replicas',
    DB_REPLICA_SYNC_INTERVAL_SECONDS: String(syncIntervalSeconds),
  };
}

describe('the database replicated continuously to S3 (Litestream)', () => {
  it(
    'gives back, on a new data directory, every write acknowledged more than the sync interval before the server was lost',
    async () => {
      const s3 = await startLoopbackS3('centre-formation', { otherBuckets: ['replicas'] });
      const dataDir = temporaryDirectory();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      // Its own process group: the API and its Litestream are killed together, as when a server dies.
      const server = spawn(process.execPath, [...apiNodeFlags(), 'src/server.ts'], {
        cwd: apiRoot,
        env: { ...replicaEnv(s3, dataDir), PORT: String(port), HOST: '127.0.0.1' },
        detached: true,
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => server.once('exit', resolve));
      try {
        await waitUntil(async () => (await fetch(`${base}/api/health`)).ok, 'the API to answer', {
          timeoutMs: 30_000,
          everyMs: 100,
        });
        const login = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: testAdmin.email, password: testAdmin.password }),
        });
        const { Token: token } = (await login.json()) as { Token: string };

        // Drafts written one after another for 5 s, each with the time its answer came.
        const acknowledged: Array<{ title: string; at: number }> = [];
        const writingUntil = Date.now() + 5000;
        while (Date.now() < writingUntil) {
          const title = `Brouillon ${acknowledged.length + 1}`;
          const response = await fetch(`${base}/api/blog`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ title, description: '<p>Texte.</p>', status: 'draft' }),
          });
          expect(response.status).toBe(201);
          acknowledged.push({ title, at: Date.now() });
        }
        const lostAt = Date.now();
        process.kill(-(server.pid as number), 'SIGKILL');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });

        const newDataDir = temporaryDirectory();
        const restore = await runCli(['restore', '--from-replica'], replicaEnv(s3, newDataDir));
        expect(restore.code, restore.stderr).toBe(0);
        expect(restore.stdout).toMatch(/^Database restored from s3:\/\/replicas\/database\//);
        const restored = new Database(path.join(newDataDir, 'centre.sqlite'), { readonly: true });
        const titles = new Set(restored.prepare('select title from blog_posts').pluck().all() as string[]);
        restored.close();

        const settled = acknowledged.filter((write) => write.at <= lostAt - syncIntervalSeconds * 1000 - uploadAllowanceMs);
        expect(settled.length).toBeGreaterThan(10);
        expect(settled.filter((write) => !titles.has(write.title))).toEqual([]);
        // Nothing is invented: what is there was acknowledged.
        expect([...titles].every((title) => acknowledged.some((write) => write.title === title))).toBe(true);
      } finally {
        if (server.exitCode === null && server.signalCode === null) process.kill(-(server.pid as number), 'SIGKILL');
      }
    },
    scaled(90_000),
  );

  it(
    'restores only where there is no database, and says why',
    async () => {
      const s3 = await startLoopbackS3('centre-formation', { otherBuckets: ['replicas'] });
      const dataDir = temporaryDirectory();
      const config = loadConfig(replicaEnv(s3, dataDir));
      expect(config.databaseReplica).toMatchObject({ bucket: 'replicas', prefix: 'database/', syncIntervalSeconds: 1 });
      new Database(path.join(dataDir, 'centre.sqlite')).close();
      const refused = await runCli(['restore', '--from-replica'], replicaEnv(s3, dataDir));
      expect(refused).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/centre\.sqlite exists: the replica is restored only where there is no database/),
      });
      expect(existsSync(path.join(dataDir, 'centre.sqlite'))).toBe(true);
    },
    cliTestTimeoutMs,
  );

  it('refuses a replica prefix that would share keys with the images', () => {
    const env = {
      ...replicaEnv(
        {
          env: {
            STORAGE_DRIVER: 's3',
            S3_ENDPOINT: 'http://127.0.0.1:9',
            S3_BUCKET: 'centre-formation',
            S3_ACCESS_KEY: 'k',
            S3_SECRET_KEY: 's',
          },
        } as never,
        temporaryDirectory(),
      ),
    };
    expect(() =>
      loadConfig({ ...env, DB_REPLICA_S3_BUCKET: 'centre-formation', DB_REPLICA_S3_PREFIX: 'blogImages/db/' }),
    ).toThrow(/DB_REPLICA_S3_PREFIX: blogImages\/db\/ would share keys with the uploaded images/);
  });
});
