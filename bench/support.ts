import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiNodeFlags } from '@cfp/test-support/api-process';
import type autocannon from 'autocannon';

export const workspaceRoot = fileURLToPath(new URL('../', import.meta.url));

export interface StartedProcess {
  url: string;
  child: ChildProcess;
  stop: () => void;
}

/** Starts a Node script of the workspace and resolves with the URL it prints once ready. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: (line: string) => string | undefined,
  root = workspaceRoot,
): Promise<StartedProcess> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        const found = ready(line);
        if (found) resolve(found);
      }
    });
  });
  return { url, child, stop: () => child.kill('SIGTERM') };
}

/**
 * The API as `pnpm start` runs it, without the site, on a free port; TRUST_PROXY lets a load
 * spread over many client addresses. `root` is another checkout's, for `bench:compare`.
 */
export function startApi(
  dataDir: string,
  admin: { email: string; password: string },
  { root = workspaceRoot, env = {} }: { root?: string; env?: Record<string, string> } = {},
): Promise<StartedProcess> {
  return startProcess(
    [...apiNodeFlags(root), 'api/src/server.ts'],
    {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_REBUILD: 'off',
      SITE_SERVE: 'false',
      TRUST_PROXY: '1',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...env,
    },
    (line) => line.match(/^Listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1],
    root,
  );
}

/** Signs in and writes `count` published posts; resolves with the token and the last post's slug. */
export async function seedPosts(base: string, admin: { email: string; password: string }, count = 20) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const { Token: token } = (await login.json()) as { Token: string };
  let slug = '';
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${base}/api/blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `Article de démonstration ${index}`,
        description: `<h2>Section</h2><p>${'Texte de l’article. '.repeat(40)}</p>`,
        coverPhoto: `blogImages/${index}_photo.jpg`,
      }),
    });
    slug = ((await response.json()) as { blog: { slug: string } }).blog.slug;
  }
  return { token, slug };
}

/** Fields of /proc/{pid}/stat after the command's name (which is in parentheses and may hold spaces). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

const ticksPerSecond = 100;

/** CPU time (user + system) a process has used so far, in ms: Linux only (/proc), for CPU per request. */
export function cpuTimeMs(pid: number): number {
  const fields = statFields(pid);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** CPU time of a process's children that have ended (the site builds the API ran), in ms. */
export function childrenCpuTimeMs(pid: number): number {
  const fields = statFields(pid);
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / ticksPerSecond;
}

/**
 * Servers on CPU 1, the load generator on CPU 0 (`taskset`): a server and the load no longer
 * take turns on one core, and a measure no longer depends on where the scheduler put them.
 */
export function pinToCpu(pid: number, cpu: number): void {
  try {
    execFileSync('taskset', ['-pc', String(cpu), String(pid)], { stdio: 'ignore' });
  } catch {
    // No taskset, or a single CPU: the scheduler places them.
  }
}

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The admin the benchmarks sign in as, created by the API's first start (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const benchAdmin = { email: 'bench@centre.test', password: 'bench passphrase long enough' };

/**
 * The bare routes of ceilings.ts, answering the list's body at /constant and a post's at /post,
 * with the API's heap flags: the ratio measures the API's work, not a difference of heap sizes.
 */
export function startCeilings(listBody: string, postBody: string): Promise<StartedProcess> {
  return startProcess([...apiNodeFlags(), 'bench/ceilings.ts'], { CEILING_CONSTANT: listBody, CEILING_POST: postBody }, (line) =>
    line.startsWith('http://') ? line.trim() : undefined,
  );
}

/** Each request from a distinct client address (the API trusts X-Forwarded-For here, as behind a proxy). */
export function uniqueWrites(url: string, body: (index: number) => object): autocannon.Options {
  let index = 0;
  return {
    url,
    method: 'POST',
    requests: [
      {
        setupRequest: (request) => {
          index += 1;
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
            },
            body: JSON.stringify(body(index)),
          };
        },
      },
    ],
  };
}

/** The resident memory of process `pid`, in MB (from /proc). */
export const rssMegabytes = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};

/** The resident memory of `pid`'s child processes and theirs (the site's build process), together. */
export function descendantsRssMegabytes(pid: number): number {
  const children = (parent: number): number[] => {
    try {
      return readdirSync(`/proc/${parent}/task`).flatMap((task) =>
        readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
    } catch {
      return []; // it ended meanwhile
    }
  };
  const below = (parent: number): number[] => children(parent).flatMap((child) => [child, ...below(child)]);
  const sizes = below(pid).map((child) => {
    try {
      return rssMegabytes(child);
    } catch {
      return 0; // it ended meanwhile
    }
  });
  return sizes.reduce((sum, size) => sum + (Number.isNaN(size) ? 0 : size), 0);
}

export interface SeededApi<Seeded> {
  url: string;
  child: ChildProcess;
  /** The admin's bearer token, as the admin sends it. */
  headers: { authorization: string };
  /** What `seed` answered, how long it took, and the database file's size after it. */
  seeded: Seeded;
  seedSeconds: number;
  databaseBytes: number;
}

/**
 * An API on a fresh data directory whose database `seed` fills while it is stopped: a first
 * start brings the file to the latest migration, then `seed` writes to it, then the API starts
 * again and `run` gets it with the admin signed in. Everything is removed afterwards.
 */
export async function withSeededApi<Seeded, T>(
  {
    prefix,
    admin,
    env = {},
    seed,
  }: {
    prefix: string;
    admin: { email: string; password: string };
    env?: Record<string, string>;
    seed: (databaseFile: string) => Seeded;
  },
  run: (api: SeededApi<Seeded>) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const databaseFile = path.join(dataDir, 'centre.sqlite');
  const stopped = async ({ child, stop }: StartedProcess) => {
    stop();
    await new Promise((resolve) => child.once('exit', resolve));
  };
  try {
    await stopped(await startApi(dataDir, admin, { env }));
    const seedStarted = performance.now();
    const seeded = seed(databaseFile);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const api = await startApi(dataDir, admin, { env });
    try {
      const login = await fetch(`${api.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      const { Token } = (await login.json()) as { Token: string };
      const headers = { authorization: `Bearer ${Token}` };
      return await run({
        url: api.url,
        child: api.child,
        headers,
        seeded,
        seedSeconds,
        databaseBytes: statSync(databaseFile).size,
      });
    } finally {
      await stopped(api);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
