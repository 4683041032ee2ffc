import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { apiNodeFlags } from '@cfp/test-support/api-process';
import { testAdmin } from '../helper.ts';
import { waitUntil } from './waiting.ts';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The API as the server runs it, a process of its own on `dataDir` (for the tests that kill it
 * and start it again on the same database), answering /api/health; `env` adds or overrides settings.
 */
export async function startApiServer(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...apiNodeFlags(), 'src/server.ts'], {
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
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    // A bound, not a timing: the start checks the first admin's password in a child process, slow on a busy machine.
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok, 'the API to answer /api/health', {
      timeoutMs: 60_000,
      everyMs: 100,
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}
