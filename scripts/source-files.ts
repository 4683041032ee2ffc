import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** For the tests that read the repository's code to check a rule holds everywhere. */

const root = fileURLToPath(new URL('../', import.meta.url));

/** The product's own code: what runs in production or builds what does. */
export const productSources = [
  'api/src',
  'admin/src',
  'admin/vite.config.ts',
  'admin/build-config.ts',
  'site/src',
  'site/astro.config.mjs',
  'packages/shared/src',
  'packages/precompress/src',
];

/** The files under each folder (or the file itself) whose names match `names`, relative to the repository; a missing one is skipped. */
export function sourceFiles(folders: string[], names = /\.(astro|ts|tsx|mjs|js)$/): string[] {
  return folders.flatMap((folder) => filesUnder(folder, names));
}

function filesUnder(relative: string, names: RegExp): string[] {
  const absolute = path.join(root, relative);
  if (!readdirSync(path.dirname(absolute)).includes(path.basename(absolute))) return [];
  if (/\.\w+$/.test(relative)) return [relative];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(relative, entry.name), names)
      : names.test(entry.name)
        ? [path.join(relative, entry.name)]
        : [],
  );
}

export const readSource = (file: string) => readFileSync(path.join(root, file), 'utf8');
