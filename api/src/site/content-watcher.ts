import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentEntries } from '@cfp/content/files';

/**
 * Calls `onChange` when a file of the content folder is added, removed or changed. It polls a
 * fingerprint (each file's path, size and modification time) rather than using fs.watch: a
 * git checkout kept in sync (git-sync) swaps a symbolic link to a new worktree, which an
 * inotify watch on the old directory never reports, and volumes shared between containers do
 * not always carry inotify events. Fifty files every two seconds cost next to nothing.
 */
export class ContentWatcher {
  private timer: NodeJS.Timeout | undefined;
  private last: string | undefined;
  private readonly directory: string;
  private readonly intervalMs: number;
  private readonly onChange: () => void;
  private readonly betweenSaves: <T>(task: () => Promise<T>) => Promise<T>;

  /**
   * `betweenSaves` runs each look at the folder when no save of the API is under way: a save
   * half written would otherwise count as an outside change, and build the site a second time.
   */
  constructor(
    directory: string,
    intervalMs: number,
    onChange: () => void,
    betweenSaves: <T>(task: () => Promise<T>) => Promise<T> = (task) => task(),
  ) {
    this.directory = directory;
    this.intervalMs = intervalMs;
    this.onChange = onChange;
    this.betweenSaves = betweenSaves;
  }

  async start(): Promise<void> {
    this.last = await fingerprint(this.directory);
    this.schedule();
  }

  /** The folder as it is now is the one already built: a change the API made itself and rebuilt for. */
  async takeAsSeen(): Promise<void> {
    if (this.timer !== undefined) this.last = await fingerprint(this.directory);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.poll(), this.intervalMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    const current = await this.betweenSaves(() => fingerprint(this.directory));
    if (this.timer === undefined) return;
    if (current !== this.last) {
      this.last = current;
      this.onChange();
    }
    this.schedule();
  }
}

/** The folder's files, sizes and modification times, and its links, in one string; empty when the folder is missing. */
async function fingerprint(directory: string): Promise<string> {
  try {
    const root = await realpath(directory);
    const { files, links } = contentEntries(root);
    const sizes = await Promise.all(
      files.map(async (file) => {
        const { size, mtimeMs } = await stat(path.join(root, file));
        return `${file}:${size}:${mtimeMs}`;
      }),
    );
    return [root, ...sizes.sort(), ...links.sort().map((link) => `${link}: link`)].join('\n');
  } catch {
    return '';
  }
}
