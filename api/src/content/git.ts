import { execFile } from 'node:child_process';

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
export function git(args: string[], { cwd, env, timeoutMs = 30_000 }: GitOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgSign=false', '-c', 'core.quotePath=false', ...args],
      {
        cwd,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
        env: { ...env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C' },
      },
      (error, stdout, stderr) => {
        if (error) reject(new GitError(args[0] ?? '', `${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}
