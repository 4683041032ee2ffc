import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContentRemote } from '../config.ts';

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

/** The texts of `<commit>:<path>` objects, read by one `git cat-file --batch`; undefined where the commit or the file is unknown. */
export async function readBlobs(specs: string[], options: GitOptions): Promise<Array<string | undefined>> {
  if (specs.length === 0) return [];
  const output = await gitWithInput(['cat-file', '--batch'], `${specs.join('\n')}\n`, options);
  const texts: Array<string | undefined> = [];
  let offset = 0;
  for (const _ of specs) {
    const lineEnd = output.indexOf(10, offset);
    const header = /^\S+ (\w+) (\d+)$/.exec(output.subarray(offset, lineEnd).toString());
    offset = lineEnd + 1;
    if (!header) {
      texts.push(undefined);
      continue;
    }
    const size = Number(header[2]);
    texts.push(header[1] === 'blob' ? output.subarray(offset, offset + size).toString('utf8') : undefined);
    offset += size + 1;
  }
  return texts;
}

/** `ours` with the change from `base` to `theirs` (`git merge-file`); null when they conflict, or one side removed the file the other changed. */
export async function mergeTexts(
  texts: { base?: string; ours?: string; theirs?: string },
  options: GitOptions,
): Promise<string | undefined | null> {
  const { base, ours, theirs } = texts;
  if (ours === theirs) return ours;
  if (base === undefined || ours === undefined || theirs === undefined) return null;
  const folder = await mkdtemp(path.join(tmpdir(), 'content-undo-'));
  try {
    const sides = [
      { file: path.join(folder, 'ours'), text: ours },
      { file: path.join(folder, 'base'), text: base },
      { file: path.join(folder, 'theirs'), text: theirs },
    ];
    await Promise.all(sides.map(({ file, text }) => writeFile(file, text)));
    return await git(['merge-file', '-p', '--quiet', ...sides.map(({ file }) => file)], options);
  } catch (error) {
    if (error instanceof GitError) return null;
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The environment that lets git reach the shared repository with the API's own credential, never written to disk. */
export function remoteEnv(remote: ContentRemote | undefined): Record<string, string> {
  if (!remote) return {};
  if (remote.sshKeyFile) {
    return {
      GIT_SSH_COMMAND: `ssh -i '${remote.sshKeyFile}' -o IdentitiesOnly=yes -o StrictHostKeyChecking=accept-new -o BatchMode=yes`,
    };
  }
  if (!remote.token) return {};
  const basic = Buffer.from(`${remote.username ?? 'git'}:${remote.token}`).toString('base64');
  return { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'http.extraHeader', GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}` };
}
