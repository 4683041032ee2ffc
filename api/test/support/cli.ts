import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The test's own environment with another data directory, for the CLI. */
export const cliEnv = (dataDir: string): NodeJS.ProcessEnv => ({ ...process.env, DATA_DIR: dataDir });

/**
 * Runs `node src/cli.ts …args` as an operator would, in the environment `env` (the whole of it);
 * resolves with its exit code and output, whatever the code.
 */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return promisify(execFile)(process.execPath, ['src/cli.ts', ...args], { cwd: apiRoot, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

/**
 * How long a test that runs the CLI may take: each process loads the API, and one that sets a
 * password starts the password estimator's too. On a loaded CI runner, one took 13-20 s of wall
 * time for 2-3 s of CPU.
 */
export const cliTestTimeoutMs = 90_000;
