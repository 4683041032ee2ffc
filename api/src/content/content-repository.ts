import { existsSync } from 'node:fs';
import { lstat, mkdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentChange } from '@cfp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ContentRemote } from '../config.ts';
import { ContentConflict } from './content-errors.ts';
import { asApi, committer, logFormat, parseLog } from './content-log.ts';
import { GitError, git, mergeTexts, readBlobs, remoteEnv } from './git.ts';

interface ContentAuthor {
  name: string;
  email: string;
}

/** The texts that undo a commit, by content file; `text: undefined` removes the file. */
export type UndoneTexts = Array<{ file: string; text: string | undefined }>;
/** Why a commit cannot be undone on its own. */
export type UndoRefusal = 'not-in-history' | 'first-version' | 'outside-content' | 'photo' | 'conflict';

/** The content's texts, which an undo merges line by line; anything else (a photo) it cannot. */
export const isTextFile = (file: string) => /\.(md|ya?ml)$/i.test(file);

const networkTimeoutMs = 15_000;
/** A save's own exchanges with the shared repository: a few seconds, then the periodic sync takes over. */
const saveNetworkTimeoutMs = 5_000;

/**
 * The git repository that holds the content folder. Saves from the admin are commits of one
 * file each, or of a French text and its English twin, authored by the staff member; with a shared repository (CONTENT_GIT_REPO) they are
 * pushed there, editors' commits are pulled from it, and a push that fails is retried until it
 * passes: a save is never lost because the git host is down. Every operation runs one at a time.
 */
export class ContentRepository {
  private readonly contentDir: string;
  private readonly remote: ContentRemote | undefined;
  private readonly log: FastifyBaseLogger;
  private readonly systemEnv: Record<string, string>;
  private queue: Promise<unknown> = Promise.resolve();
  private location: { root: string; prefix: string } | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Why the last exchange with the shared repository failed, until one succeeds. */
  lastSyncError: string | undefined;

  constructor(options: {
    contentDir: string;
    remote?: ContentRemote;
    log: FastifyBaseLogger;
    /** The system variables git may see (PATH, HOME...): config's content.gitEnv. */
    systemEnv: Record<string, string>;
  }) {
    this.contentDir = options.contentDir;
    this.remote = options.remote;
    this.log = options.log;
    this.systemEnv = options.systemEnv;
  }

  /** With a shared repository: makes the API's clone on first start (the content must exist before the site builds). */
  static async cloneIfMissing(remote: ContentRemote, systemEnv: Record<string, string>): Promise<void> {
    if (existsSync(path.join(remote.cloneDir, '.git'))) return;
    await mkdir(path.dirname(remote.cloneDir), { recursive: true });
    const partial = `${remote.cloneDir}.partial`;
    await git(['clone', '--quiet', '--branch', remote.ref, '--single-branch', '--', remote.url, partial], {
      cwd: path.dirname(remote.cloneDir),
      env: { ...systemEnv, ...remoteEnv(remote) },
      timeoutMs: 120_000,
    });
    await rename(partial, remote.cloneDir);
  }

  /** Runs `task` after every operation before it: two saves never interleave. */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Pulls and pushes every CONTENT_SYNC_INTERVAL_MS. Only the merge waits in the queue of
   * operations: a remote that hangs holds no save for its timeouts.
   */
  startSync(): void {
    if (!this.remote || this.timer) return;
    const tick = () => {
      this.timer = setTimeout(async () => {
        await this.sync({ timeoutMs: networkTimeoutMs, queued: true }).catch(() => undefined);
        if (this.timer) tick();
      }, this.remote?.syncIntervalMs);
      this.timer.unref();
    };
    tick();
  }

  stopSync(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The file's path from the repository's root: `content/centre.yaml`. */
  async pathOf(file: string): Promise<string> {
    const { prefix } = await this.locate();
    return path.posix.join(prefix, file);
  }

  async head(): Promise<string> {
    return (await this.run(['rev-parse', 'HEAD'])).trim();
  }

  /** The file's text at a commit; undefined when the commit or the file is unknown. */
  async fileAt(commit: string, file: string): Promise<string | undefined> {
    try {
      return await this.run(['show', `${commit}:${await this.pathOf(file)}`]);
    } catch (error) {
      if (error instanceof GitError) return undefined;
      throw error;
    }
  }

  /** The file's text as it is in the working tree; a symbolic link is refused, never followed (the content check names it). */
  async readFile(file: string): Promise<string> {
    const target = path.join(this.contentDir, file);
    if ((await lstat(target)).isSymbolicLink()) {
      throw new ContentConflict(`content/${file} is a symbolic link: put the file itself in the content folder to edit it here`);
    }
    return readFile(target, 'utf8');
  }

  /** The file's text as it is in the working tree, or undefined when there is none (an English text not written yet). */
  async readFileIfAny(file: string): Promise<string | undefined> {
    try {
      return await this.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** The last changes of a file (or of any of several), newest first; `since` limits them to the commits after that one. */
  async history(
    files: string | string[],
    { limit = 10, since }: { limit?: number; since?: string } = {},
  ): Promise<ContentChange[]> {
    const range = since ? [`${since}..HEAD`] : [];
    const paths = await Promise.all([files].flat().map((file) => this.pathOf(file)));
    return parseLog(await this.run(['log', `-n${limit}`, `--format=${logFormat}`, ...range, '--', ...paths]));
  }

  /**
   * The last changes of these files as `history` gives them, each with every file its commit
   * touched (inside the content folder or not, from the content folder when inside), and whether
   * it has a parent (the first commit has none).
   */
  async historyWithFiles(
    files: string[],
    limit: number,
  ): Promise<Array<ContentChange & { touched: string[]; outside: boolean }>> {
    const { prefix } = await this.locate();
    const inside = prefix ? `${prefix}/` : '';
    const paths = await Promise.all(files.map((file) => this.pathOf(file)));
    const output = await this.run([
      'log',
      `-n${limit}`,
      `--format=%x1e${logFormat}`,
      '--full-diff',
      '--name-only',
      '--',
      ...paths,
    ]);
    return output
      .split('\u001e')
      .filter(Boolean)
      .map((record) => {
        const [line = '', ...names] = record.split('\n').filter(Boolean);
        const [change] = parseLog(line);
        const touched = names.filter((name) => name.startsWith(inside)).map((name) => name.slice(inside.length));
        return { ...(change as ContentChange), touched, outside: touched.length !== names.length };
      });
  }

  /** Several files' texts at several commits, read by one git process; undefined where the commit or the file is unknown. */
  async filesAt(wanted: Array<{ commit: string; file: string }>): Promise<Array<string | undefined>> {
    const specs = await Promise.all(wanted.map(async ({ commit, file }) => `${commit}:${await this.pathOf(file)}`));
    return readBlobs(specs, await this.gitOptions());
  }

  /** Whether the change from `changed` back to `before` applies over `now` (an undo that later changes leave possible). */
  async undoApplies(texts: { before?: string; changed?: string; now?: string }): Promise<boolean> {
    return (await this.undoneText(texts)) !== null;
  }

  /** A file with a change taken back over what came after it: `before` where nothing came after, else the three-way merge; null on a conflict. */
  private async undoneText({ before, changed, now }: { before?: string; changed?: string; now?: string }) {
    return now === changed ? before : mergeTexts({ base: changed, ours: now, theirs: before }, await this.gitOptions());
  }

  async change(commit: string): Promise<ContentChange | undefined> {
    try {
      return parseLog(await this.run(['log', '-n1', `--format=${logFormat}`, commit]))[0];
    } catch {
      return undefined;
    }
  }

  /** The files among these that have changes in the working tree not committed (an editor at work on the server). */
  async uncommittedChanges(files: string[]): Promise<string[]> {
    const paths = await Promise.all(files.map((file) => this.pathOf(file)));
    const status = await this.run(['status', '--porcelain', '--untracked-files=all', '--', ...paths]);
    return files.filter((_, index) => status.split('\n').some((line) => line.slice(3) === paths[index]));
  }

  /**
   * Writes the files (each to a temporary file renamed over it, so that no reader sees half of
   * one; `text: undefined` removes it) and commits them alone, as one commit whatever else is
   * staged: a French text and its English twin are one change, undone at once. If the commit
   * fails, the files get back the texts they had. Returns the commit id.
   */
  async commitFiles(
    files: Array<{ file: string; text: string | Uint8Array | undefined }>,
    author: ContentAuthor,
    message: string,
  ): Promise<string> {
    const previous = await Promise.all(files.map(({ file }) => this.readBytesIfAny(file)));
    const paths = await Promise.all(files.map(({ file }) => this.pathOf(file)));
    try {
      for (const { file, text } of files) await this.writeContentFile(file, text);
      await this.run(['add', '--all', '--', ...paths]);
      // The author goes through the environment: a name on the command line (`--author=name <email>`)
      // is parsed by git, and angle brackets in it would forge another identity.
      await this.run(['commit', '--quiet', '--only', '-m', message, '--', ...paths], {
        ...committer,
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
      });
    } catch (error) {
      await this.run(['reset', '--quiet', '--', ...paths]).catch(() => undefined);
      await Promise.all(files.map(({ file }, index) => this.writeContentFile(file, previous[index])));
      throw error;
    }
    return this.head();
  }

  /** A file's bytes as they are in the working tree (a photo is no text), or undefined when there is none. */
  private async readBytesIfAny(file: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(path.join(this.contentDir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  private async writeContentFile(file: string, text: string | Uint8Array | undefined): Promise<void> {
    const target = path.join(this.contentDir, file);
    if (text === undefined) return rm(target, { force: true });
    const temporary = `${target}.saving`;
    await writeFile(temporary, text);
    await rename(temporary, target);
  }

  /**
   * The texts that undo a commit of the content: for each file it touched, the commit's change
   * taken back over what came after it (git revert's three-way merge, file by file), read from
   * the commits alone: the working tree and the index are not touched. A file the commit created
   * is removed (`text: undefined`).
   */
  async undoneTexts(commit: string): Promise<UndoneTexts | UndoRefusal> {
    if (!(await this.succeeds(['merge-base', '--is-ancestor', commit, 'HEAD']))) return 'not-in-history';
    if (!(await this.succeeds(['rev-parse', '--verify', '--quiet', `${commit}^`]))) return 'first-version';
    const { prefix } = await this.locate();
    const touched = (await this.run(['diff-tree', '--no-commit-id', '--name-only', '-r', commit])).split('\n').filter(Boolean);
    const inside = prefix ? `${prefix}/` : '';
    const files = touched.filter((file) => file.startsWith(inside)).map((file) => file.slice(inside.length));
    if (files.length === 0 || files.length !== touched.length) return 'outside-content';
    if (!files.every(isTextFile)) return 'photo';
    const texts = await this.filesAt(files.flatMap((file) => [commit, `${commit}^`, 'HEAD'].map((at) => ({ commit: at, file }))));
    const undone: UndoneTexts = [];
    for (const [index, file] of files.entries()) {
      const [changed, before, now] = texts.slice(3 * index, 3 * index + 3);
      const text = await this.undoneText({ before, changed, now });
      if (text === null) return 'conflict';
      undone.push({ file, text });
    }
    return undone;
  }

  private async succeeds(args: string[]): Promise<boolean> {
    try {
      await this.run(args);
      return true;
    } catch (error) {
      if (error instanceof GitError) return false;
      throw error;
    }
  }

  /** Commits the shared repository does not have yet. */
  async unpushed(): Promise<number> {
    if (!this.remote) return 0;
    try {
      return Number((await this.run(['rev-list', '--count', `origin/${this.remote.ref}..HEAD`])).trim());
    } catch {
      return Number((await this.run(['rev-list', '--count', 'HEAD'])).trim());
    }
  }

  /**
   * Before and after a save, inside the queue: the shared repository's new commits, and the
   * save pushed, each exchange given a few seconds. When the last exchange failed, nothing is
   * tried: a save does not wait on a remote that is down or hangs; the periodic sync catches up.
   */
  async syncForSave(): Promise<void> {
    if (!this.remote || this.lastSyncError) return;
    await this.sync({ timeoutMs: saveNetworkTimeoutMs, queued: false });
  }

  /**
   * Pulls the shared repository's new commits (merged with ours; a conflicting merge is
   * abandoned and reported) and pushes ours. Failures are kept in `lastSyncError`, not thrown:
   * the content stays usable here. `queued`: the merge takes its turn in the queue (the periodic
   * sync); otherwise the caller already holds it (a save).
   */
  private async sync({ timeoutMs, queued }: { timeoutMs: number; queued: boolean }): Promise<void> {
    if (!this.remote) return;
    const { ref } = this.remote;
    const network = remoteEnv(this.remote);
    const fetch = () =>
      this.run(['fetch', '--quiet', 'origin', `+refs/heads/${ref}:refs/remotes/origin/${ref}`], network, timeoutMs);
    const merge = async () => {
      try {
        await this.run(['merge', '--quiet', '--no-edit', `origin/${ref}`], asApi);
      } catch (error) {
        await this.run(['merge', '--abort']).catch(() => undefined);
        throw error;
      }
    };
    try {
      await fetch();
      await (queued ? this.serial(merge) : merge());
      if ((await this.unpushed()) > 0) {
        await this.run(['push', '--quiet', 'origin', `HEAD:refs/heads/${ref}`], network, timeoutMs);
        await fetch();
      }
      if (this.lastSyncError) this.log.info('content repository: in step with the shared repository again');
      this.lastSyncError = undefined;
    } catch (error) {
      this.lastSyncError = (error as Error).message;
      this.log.warn({ err: error }, 'content repository: the shared repository could not be reached or merged');
    }
  }

  private async run(args: string[], env: Record<string, string> = {}, timeoutMs?: number): Promise<string> {
    return git(args, { ...(await this.gitOptions()), env: { ...this.systemEnv, ...env }, timeoutMs });
  }

  private async gitOptions() {
    const { root } = await this.locate();
    return { cwd: root, env: this.systemEnv };
  }

  /** The repository holding the content folder; one is made in the folder itself when there is none. */
  private async locate(): Promise<{ root: string; prefix: string }> {
    if (this.location) return this.location;
    const contentDir = await realpath(this.contentDir);
    let root: string;
    try {
      root = (await git(['rev-parse', '--show-toplevel'], { cwd: contentDir, env: this.systemEnv })).trim();
    } catch {
      const here = { cwd: contentDir, env: this.systemEnv };
      await git(['init', '--quiet', '--initial-branch=main'], here);
      await git(['add', '--all'], here);
      await git(['commit', '--quiet', '-m', 'The content as it was when the admin first edited it'], {
        cwd: contentDir,
        env: { ...this.systemEnv, ...asApi },
      });
      root = contentDir;
    }
    const prefix = path
      .relative(await realpath(root), contentDir)
      .split(path.sep)
      .join('/');
    this.location = { root, prefix };
    return this.location;
  }
}
