import path from 'node:path';
import { freePort } from '@cfp/test-support/free-port';
import { scaled } from '@cfp/test-support/time-scale';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory, testAdmin } from '../helper.ts';
import { startApiServer } from '../support/api-server.ts';
import { within } from '../support/waiting.ts';

/** The application burst comes from many addresses (each within the per-address limit) through one proxy hop. */
const startServer = (dataDir: string, port: number) => startApiServer(dataDir, port, { TRUST_PROXY: '1' });

/** The kill comes after this many acknowledged writes, while the other lanes' writes are still in flight. */
const killAfterAcknowledged = 100;

/**
 * Collects the acknowledged writes, and tells when the `killAfterAcknowledged`-th has come:
 * the test waits on that count, not on a time.
 */
function acknowledgements<T>() {
  const values: T[] = [];
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  return {
    values,
    add(value: T) {
      values.push(value);
      if (values.length === killAfterAcknowledged) reach();
    },
    /** Resolves at the target count; fails if every lane ended before it, or after 15 s. */
    async whenReached(lanes: Promise<unknown>[]) {
      const outcome = await within(
        Promise.race([reached.then(() => 'reached' as const), Promise.all(lanes).then(() => 'stopped' as const)]),
        15_000,
        `${killAfterAcknowledged} acknowledged writes`,
      );
      if (outcome === 'stopped') {
        throw new Error(`the writers stopped after ${values.length} acknowledged writes, before ${killAfterAcknowledged}`);
      }
    },
  };
}

// Each test starts the API as a child process, which takes seconds on a busy machine: 60 s each.
describe('durability', () => {
  it(
    'loses no acknowledged write when the process is killed mid-burst, and the database stays intact',
    async () => {
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

      const acknowledged = acknowledgements<number>();
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
            acknowledged.add(((await response.json()) as { blog: { _id: number } }).blog._id);
          } catch {
            return;
          }
        }
      };
      const lanes = Array.from({ length: 8 }, (_unused, lane) => writer(lane));
      const exited = new Promise((resolve) => server.once('exit', resolve));
      await acknowledged.whenReached(lanes);
      server.kill('SIGKILL');
      await exited;
      stop = true;
      await Promise.all(lanes);
      expect(acknowledged.values.length).toBeGreaterThan(20);

      const db = new Database(path.join(dataDir, 'centre.sqlite'));
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = new Set((db.prepare('select id from blog_posts').all() as Array<{ id: number }>).map((row) => row.id));
        const lost = acknowledged.values.filter((id) => !stored.has(id));
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
    },
    scaled(60_000),
  );

  it(
    'loses no acknowledged pre-enrolment when the process is killed during a burst of applications',
    async () => {
      const dataDir = temporaryDirectory();
      const port = await freePort();
      const base = `http://127.0.0.1:${port}/api`;
      const server = await startServer(dataDir, port);

      const acknowledged = acknowledgements<string>();
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
            acknowledged.add(((await response.json()) as { reference: string }).reference);
          } catch {
            return;
          }
        }
      };
      const lanes = Array.from({ length: 8 }, (_unused, lane) => applicant(lane));
      const exited = new Promise((resolve) => server.once('exit', resolve));
      await acknowledged.whenReached(lanes);
      server.kill('SIGKILL');
      await exited;
      stop = true;
      await Promise.all(lanes);
      expect(acknowledged.values.length).toBeGreaterThan(20);

      const db = new Database(path.join(dataDir, 'centre.sqlite'));
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = new Set(
          (db.prepare('select reference from applications').all() as Array<{ reference: string }>).map((row) => row.reference),
        );
        expect(acknowledged.values.filter((reference) => !stored.has(reference))).toEqual([]);
      } finally {
        db.close();
      }
    },
    scaled(60_000),
  );
});
