import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

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

  constructor(directory: string, intervalMs: number, onChange: () => void) {
    this.directory = directory;
    this.intervalMs = intervalMs;
    this.onChange = onChange;
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
    const current = await fingerprint(this.directory);
    if (this.timer === undefined) return;
    if (current !== this.last) {
      this.last = current;
      this.onChange();
    }
    this.schedule();
  }
}

/** The folder's files, sizes and modification times, in one string; empty when the folder is missing. */
async function fingerprint(directory: string): Promise<string> {
  try {
    const root = await realpath(directory);
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    const files = await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const { size, mtimeMs } = await stat(file);
          return `${path.relative(root, file)}:${size}:${mtimeMs}`;
        }),
    );
    return [root, ...files.sort()].join('\n');
  } catch {
    return '';
  }
}
