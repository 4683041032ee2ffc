/**
 * Writes a `.br` and a `.gz` beside every text file of a built directory, at the strongest
 * settings unless told otherwise, so that nginx (`brotli_static`, `gzip_static`) and the embedded server
 * (@fastify/static `preCompressed`) send them without compressing on each request. Used by
 * the site build (site/astro.config.mjs) and the admin build (admin/vite.config.ts); a
 * publish's copies may be quick ones, made strong once it is live (pending-copies.ts).
 */
import { copyFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { brotli } from './brotli.ts';
import {
  isDirectory,
  isFile,
  quickBrotliQuality,
  readPendingCopies,
  strengthenCopies,
  writePendingCopies,
} from './pending-copies.ts';

export { pendingCopiesName, quickBrotliQuality, strengthenCopies } from './pending-copies.ts';

const compressible = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;
/** Below this a compressed answer saves nothing worth a second file (one TCP packet either way). */
const minimumBytes = 512;

const gzipAsync = promisify(gzip);

export interface PrecompressSummary {
  files: number;
  /** Of those, the files whose copies were taken from the previous build (same bytes). */
  reused: number;
  /** Of those, the files whose brotli copies are quick ones, listed for strengthenCopies. */
  pending: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** The previous build's copies of a file, when that file had the same bytes there; none otherwise. */
async function previousCopies(previous: string | undefined, relative: string, content: Buffer): Promise<string | undefined> {
  if (!previous) return undefined;
  const file = path.join(previous, relative);
  const before = await readFile(file).catch(() => undefined);
  if (!before?.equals(content)) return undefined;
  const copies = await Promise.all(
    [`${file}.br`, `${file}.gz`].map((copy) =>
      stat(copy).then(
        () => true,
        () => false,
      ),
    ),
  );
  return copies.every(Boolean) ? file : undefined;
}

export interface PrecompressOptions {
  /**
   * A former build of the same site: a file with the same bytes there keeps that build's copies
   * instead of being compressed again (a publish changes a few pages of hundreds).
   */
  previous?: string | undefined;
  /** Brotli's quality, 0-11: the strongest (11) unless said otherwise. */
  brotliQuality?: number | undefined;
  /**
   * With a `previous` build to go live over (a publish): the files compressed anew get quick
   * brotli copies (`quickBrotliQuality`), listed in `pendingCopiesName` with those whose copies
   * came still quick from `previous`, for `strengthenCopies` to write at `brotliQuality` once the
   * build is live. A cold build writes its final copies.
   */
  quick?: boolean | undefined;
}

export async function precompressDirectory(directory: string, options: PrecompressOptions = {}): Promise<PrecompressSummary> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
  return precompressFiles(directory, files, options);
}

/**
 * Writes the copies of `files` (relative to `directory`) alone: a publish that renders a few
 * pages into a copy of the live site. The other files keep their copies, and their place in the
 * list of quick ones when `previous` lists them.
 */
export async function precompressFiles(
  directory: string,
  files: readonly string[],
  { previous, brotliQuality = constants.BROTLI_MAX_QUALITY, quick = false }: PrecompressOptions = {},
): Promise<PrecompressSummary> {
  const deferred = quick && quickBrotliQuality < brotliQuality && previous !== undefined && (await isDirectory(previous));
  const pendingBefore = deferred && previous ? await readPendingCopies(previous) : new Set<string>();
  const given = new Set(files);
  const others = [...pendingBefore].filter((relative) => !given.has(relative));
  const pending = (
    await Promise.all(others.map(async (relative) => ((await isFile(path.join(directory, `${relative}.br`))) ? relative : [])))
  ).flat();
  const summary: PrecompressSummary = { files: 0, reused: 0, pending: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (relative) => {
      if (!compressible.test(relative)) return;
      const file = path.join(directory, relative);
      const content = await readFile(file);
      if (content.length < minimumBytes) return;
      const earlier = await previousCopies(previous, relative, content);
      summary.files += 1;
      if (earlier) {
        await Promise.all([copyFile(`${earlier}.br`, `${file}.br`), copyFile(`${earlier}.gz`, `${file}.gz`)]);
        summary.reused += 1;
        if (pendingBefore.has(relative)) pending.push(relative);
        return;
      }
      if (deferred) pending.push(relative);
      const [brotliContent, gzipContent] = await Promise.all([
        brotli(content, deferred ? quickBrotliQuality : brotliQuality),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, brotliContent), writeFile(`${file}.gz`, gzipContent)]);
      summary.bytes += content.length;
      summary.brotliBytes += brotliContent.length;
      summary.gzipBytes += gzipContent.length;
    }),
  );
  summary.pending = pending.length;
  await writePendingCopies(directory, pending);
  return summary;
}

export function describeSummary({ files, reused, pending, bytes, brotliBytes, gzipBytes }: PrecompressSummary): string {
  const kilobytes = (value: number) => `${(value / 1024).toFixed(0)} KB`;
  const compressed = `${files - reused} files precompressed: ${kilobytes(bytes)} → brotli ${kilobytes(brotliBytes)}, gzip ${kilobytes(gzipBytes)}`;
  const kept = reused > 0 ? `; ${reused} unchanged files kept their copies` : '';
  return `${compressed}${kept}${pending > 0 ? `; ${pending} quick brotli copies to strengthen once live` : ''}`;
}

/**
 * By hand: `node packages/precompress/src/index.ts <dir>` writes the copies;
 * `… --strengthen <dir> [quality]` writes the quick ones at their final quality (what the API
 * runs, at idle priority, once a publish is live). SIGTERM stops it between files.
 */
async function main([first, second, third]: string[]): Promise<number> {
  if (first === '--strengthen' && second) {
    let stopping = false;
    process.once('SIGTERM', () => {
      stopping = true;
    });
    const quality = third === undefined ? undefined : Number(third);
    const { strengthened, left } = await strengthenCopies(second, { brotliQuality: quality, shouldStop: () => stopping });
    console.log(`${strengthened} brotli copies strengthened${left > 0 ? `, ${left} left for the next time` : ''}`);
    return 0;
  }
  if (!first || first.startsWith('--')) {
    console.error('usage: node packages/precompress/src/index.ts <directory> | --strengthen <directory> [quality]');
    return 2;
  }
  console.log(describeSummary(await precompressDirectory(first)));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
