import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@cfp/test-support/free-port';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory, testAdmin } from './helper.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SITE_REBUILD: 'off',
      SITE_SERVE: 'false',
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      // The application burst comes from many addresses (each within the per-address limit) through one proxy hop.
      TRUST_PROXY: '1',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('the API did not start');
}

describe('durability', () => {
  it('loses no acknowledged write when the process is killed mid-burst, and the database stays intact', async () => {
    const dataDir = temporaryDirectory();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const server = await startServer(dataDir, port);
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: testAdmin.email, password: testAdmin.password }),
    });
    const { Token } = (await login.json()) as { Token: string };

    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (lane: number) => {
      for (let index = 0; !stop && index < 10_000; index += 1) {
        try {
          const response = await fetch(`${base}/blog`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${Token}` },
            body: JSON.stringify({
              title: `Article ${lane}-${index}`,
              description: `<p>Contenu ${lane}-${index}</p>`,
              status: 'draft',
            }),
          });
          if (response.status !== 201) return;
          acknowledged.push(((await response.json()) as { blog: { _id: number } }).blog._id);
        } catch {
          return;
        }
      }
    };
    const lanes = Array.from({ length: 8 }, (_unused, lane) => writer(lane));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server.kill('SIGKILL');
    await exited;
    stop = true;
    await Promise.all(lanes);
    expect(acknowledged.length).toBeGreaterThan(20);

    const db = new Database(path.join(dataDir, 'centre.sqlite'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set((db.prepare('select id from blog_posts').all() as Array<{ id: number }>).map((row) => row.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
    } finally {
      db.close();
    }

    const restarted = await startServer(dataDir, port);
    try {
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
    } finally {
      restarted.kill('SIGTERM');
    }
  });

  it('loses no acknowledged pre-enrolment when the process is killed during a burst of applications', async () => {
    const dataDir = temporaryDirectory();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    const server = await startServer(dataDir, port);

    const acknowledged: string[] = [];
    let stop = false;
    const applicant = async (lane: number) => {
      for (let index = 0; !stop && index < 2_000; index += 1) {
        const phone = `69${lane}${String(index).padStart(6, '0')}`;
        try {
          const response = await fetch(`${base}/applications`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${lane}.${index >> 8}.${index & 255}` },
            body: JSON.stringify({
              programme: 'soudure',
              firstName: 'Awa',
              lastName: `Candidate ${lane}-${index}`,
              phone,
              town: 'Nkoabang',
              level: 'bepc',
              consent: true,
            }),
          });
          if (response.status !== 201) return;
          acknowledged.push(((await response.json()) as { reference: string }).reference);
        } catch {
          return;
        }
      }
    };
    const lanes = Array.from({ length: 8 }, (_unused, lane) => applicant(lane));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    server.kill('SIGKILL');
    await exited;
    stop = true;
    await Promise.all(lanes);
    expect(acknowledged.length).toBeGreaterThan(20);

    const db = new Database(path.join(dataDir, 'centre.sqlite'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        (db.prepare('select reference from applications').all() as Array<{ reference: string }>).map((row) => row.reference),
      );
      expect(acknowledged.filter((reference) => !stored.has(reference))).toEqual([]);
    } finally {
      db.close();
    }
  });
});
