import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
): Promise<StartedProcess> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: workspaceRoot,
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

/** The API as `pnpm start` runs it, without the site, on a free port; TRUST_PROXY lets a load spread over many client addresses. */
export function startApi(dataDir: string, admin: { email: string; password: string }): Promise<StartedProcess> {
  return startProcess(
    ['api/src/server.ts'],
    {
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_REBUILD: 'off',
      SITE_SERVE: 'false',
      TRUST_PROXY: '1',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    (line) => line.match(/^Listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1],
  );
}
