/**
 * Writes a `.br` and a `.gz` beside every text file of a built directory, at the strongest
 * settings, so that nginx (`brotli_static`, `gzip_static`) and the embedded server
 * (@fastify/static `preCompressed`) send them without compressing on each request. Used by
 * the site build (site/astro.config.mjs) and the admin build (admin/vite.config.ts);
 * `node packages/precompress/src/index.ts <dir>` runs it by hand.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
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
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export async function precompressDirectory(directory: string): Promise<PrecompressSummary> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < minimumBytes) return;
      const [brotliContent, gzipContent] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
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

export function describeSummary({ files, bytes, brotliBytes, gzipBytes }: PrecompressSummary): string {
  const kilobytes = (value: number) => `${(value / 1024).toFixed(0)} KB`;
  return `${files} files precompressed: ${kilobytes(bytes)} → brotli ${kilobytes(brotliBytes)}, gzip ${kilobytes(gzipBytes)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const directory = process.argv[2];
  if (!directory) {
    console.error('usage: node packages/precompress/src/index.ts <directory>');
    process.exit(2);
  }
  console.log(describeSummary(await precompressDirectory(directory)));
}
