import { execFile, spawn } from 'node:child_process';

export class GitError extends Error {
  readonly stderr: string;
  constructor(command: string, stderr: string) {
    super(`git ${command} failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
    this.stderr = stderr;
  }
}

interface GitOptions {
  /** The working tree. */
  cwd: string;
  /**
   * The child's whole environment: the system's variables git needs (config: content.gitEnv),
   * never this process's secrets, plus the remote's credential or a commit's author.
   */
  env: Record<string, string>;
  /** Network commands give up after this (a remote that hangs must not hold a save). */
  timeoutMs?: number;
}

/**
 * Runs git with no prompt, no pager, no hooks of the working tree and no signing: the API
 * commits on behalf of staff, on a server where nobody can answer a question.
 */
const safeConfig = ['-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgSign=false', '-c', 'core.quotePath=false'];
const quietEnv = { GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C' };

export function git(args: string[], { cwd, env, timeoutMs = 30_000 }: GitOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...safeConfig, ...args],
      {
        cwd,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
        env: { ...env, ...quietEnv },
      },
      (error, stdout, stderr) => {
        if (error) reject(new GitError(args[0] ?? '', `${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

/** Runs git with `input` on its standard input, as `git` does; its standard output as bytes (`cat-file --batch` counts them). */
export function gitWithInput(args: string[], input: string, { cwd, env, timeoutMs = 30_000 }: GitOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...safeConfig, ...args], {
      cwd,
      env: { ...env, ...quietEnv },
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    const [output, errors]: [Buffer[], Buffer[]] = [[], []];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', (error) => reject(new GitError(args[0] ?? '', error.message)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(output));
      else reject(new GitError(args[0] ?? '', Buffer.concat(errors).toString() || `exit ${code}`));
    });
    child.stdin.end(input);
  });
}
