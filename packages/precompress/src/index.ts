/**
 * Writes a `.br` and a `.gz` beside every text file of a built directory, at the strongest
 * settings unless told otherwise, so that nginx (`brotli_static`, `gzip_static`) and the embedded server
 * (@fastify/static `preCompressed`) send them without compressing on each request. Used by
 * the site build (site/astro.config.mjs) and the admin build (admin/vite.config.ts);
 * `node packages/precompress/src/index.ts <dir>` runs it by hand.
 */
import { copyFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const compressible = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;
/** Below this a compressed answer saves nothing worth a second file (one TCP packet either way). */
const minimumBytes = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressSummary {
  files: number;
  /** Of those, the files whose copies were taken from the previous build (same bytes). */
  reused: number;
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
}

export async function precompressDirectory(
  directory: string,
  { previous, brotliQuality = constants.BROTLI_MAX_QUALITY }: PrecompressOptions = {},
): Promise<PrecompressSummary> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const summary: PrecompressSummary = { files: 0, reused: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < minimumBytes) return;
      const earlier = await previousCopies(previous, path.relative(directory, file), content);
      if (earlier) {
        await Promise.all([copyFile(`${earlier}.br`, `${file}.br`), copyFile(`${earlier}.gz`, `${file}.gz`)]);
        summary.files += 1;
        summary.reused += 1;
        return;
      }
      const [brotliContent, gzipContent] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, brotliContent), writeFile(`${file}.gz`, gzipContent)]);
      summary.files += 1;
      summary.bytes += content.length;
      summary.brotliBytes += brotliContent.length;
      summary.gzipBytes += gzipContent.length;
    }),
  );
  return summary;
}

export function describeSummary({ files, reused, bytes, brotliBytes, gzipBytes }: PrecompressSummary): string {
  const kilobytes = (value: number) => `${(value / 1024).toFixed(0)} KB`;
  const compressed = `${files - reused} files precompressed: ${kilobytes(bytes)} → brotli ${kilobytes(brotliBytes)}, gzip ${kilobytes(gzipBytes)}`;
  return reused > 0 ? `${compressed}; ${reused} unchanged files kept their copies` : compressed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const directory = process.argv[2];
  if (!directory) {
    console.error('usage: node packages/precompress/src/index.ts <directory>');
    process.exit(2);
  }
  console.log(describeSummary(await precompressDirectory(directory)));
}
