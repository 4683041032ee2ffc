import { link, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { constants } from 'node:zlib';
import { brotli } from './brotli.ts';

/**
 * Brotli's quality for a publish's copies until they are strengthened: a page of 70 KB takes
 * about 2 ms at 5 against 60 ms at 11, for a copy about 10 % larger, for the few seconds it is live.
 */
export const quickBrotliQuality = 5;

/** In a built directory: the files whose brotli copies are quick ones, one relative path a line. */
export const pendingCopiesName = '.precompress-pending';

/** How many copies are compressed at once: the machine's two cores, the build's process at idle priority. */
const lanes = 2;
/** A copy being written; one left by a process that was killed is removed by the next strengthening. */
const writingSuffix = '.strengthening';

export async function isDirectory(directory: string): Promise<boolean> {
  return (await stat(directory).catch(() => undefined))?.isDirectory() ?? false;
}

export async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

export async function readPendingCopies(directory: string): Promise<Set<string>> {
  const text = await readFile(path.join(directory, pendingCopiesName), 'utf8').catch(() => '');
  return new Set(text.split('\n').filter(Boolean));
}

/** Lists `files` as pending in `directory`, in one rename; no list when there is none. */
export async function writePendingCopies(directory: string, files: Iterable<string>): Promise<void> {
  const list = path.join(directory, pendingCopiesName);
  const lines = [...files].sort();
  if (lines.length === 0) {
    await rm(list, { force: true });
    return;
  }
  await writeFile(`${list}${writingSuffix}`, `${lines.join('\n')}\n`);
  await rename(`${list}${writingSuffix}`, list);
}

/**
 * Every name of each brotli copy in `directory`, by inode: a page's copy is also its folder's
 * `index.html.br` (a hard link, site/src/lib/directory-indexes.ts), and both must get the new one.
 * Copies left half-written by a killed strengthening are removed on the way.
 */
async function copyNames(directory: string): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    const name = path.join(entry.parentPath, entry.name);
    if (entry.name.endsWith(writingSuffix)) await rm(name, { force: true });
    else if (entry.isFile() && entry.name.endsWith('.br')) {
      const { ino } = await stat(name);
      names.set(ino, [...(names.get(ino) ?? []), name]);
    }
  }
  return names;
}

/** Writes `copy` under each of `names`, each in one rename: a reader gets the old copy or the new one. */
async function replaceCopy(names: string[], copy: Buffer): Promise<void> {
  const [first, ...others] = names;
  if (!first) return;
  await writeFile(`${first}${writingSuffix}`, copy);
  for (const other of others) {
    await rm(`${other}${writingSuffix}`, { force: true });
    await link(`${first}${writingSuffix}`, `${other}${writingSuffix}`);
    await rename(`${other}${writingSuffix}`, other);
  }
  await rename(`${first}${writingSuffix}`, first);
}

export interface StrengthenOptions {
  /** The final copies' quality: the strongest (11) unless said otherwise. */
  brotliQuality?: number | undefined;
  /** Asked before each file: true stops, the files not done staying listed for the next strengthening. */
  shouldStop?: () => boolean;
}

/**
 * Writes the brotli copies that `precompressDirectory` left quick in `directory` (a live build)
 * at their final quality, in place, and lists the ones it did not reach. Safe to stop or kill at
 * any point: a copy is the quick one or the final one, never a mix, and a file strengthened but
 * still listed is only compressed again.
 */
export async function strengthenCopies(
  directory: string,
  { brotliQuality = constants.BROTLI_MAX_QUALITY, shouldStop = () => false }: StrengthenOptions = {},
): Promise<{ strengthened: number; left: number }> {
  const pending = await readPendingCopies(directory);
  const names = await copyNames(directory);
  const queue = [...pending];
  let strengthened = 0;
  const lane = async () => {
    for (let relative = queue.shift(); relative !== undefined && !shouldStop(); relative = queue.shift()) {
      const file = path.join(directory, relative);
      const content = await readFile(file).catch(() => undefined);
      const copy = `${file}.br`;
      const inode = content && (await stat(copy).catch(() => undefined))?.ino;
      if (content && inode !== undefined) {
        await replaceCopy(names.get(inode) ?? [copy], await brotli(content, brotliQuality));
        strengthened += 1;
      }
      pending.delete(relative);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  await writePendingCopies(directory, pending);
  return { strengthened, left: pending.size };
}
