import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The one module per package that reads the environment; tests, scripts and benchmarks may too. */
const configModules = ['api/src/config.ts', 'site/src/config.ts', 'admin/build-config.ts'];
/** The product's own code: what runs in production or builds what does. */
const productSources = [
  'api/src',
  'admin/src',
  'admin/vite.config.ts',
  'admin/build-config.ts',
  'site/src',
  'site/astro.config.mjs',
  'packages/shared/src',
  'packages/precompress/src',
];

/** A read of the environment; a quoted name is not one (Vite's define replaces 'process.env.NODE_ENV' in the bundles). */
const environmentRead = /(?<!['"`])\bprocess\.env\b/;
const environmentWrite = /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;

function files(relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!readdirSync(path.dirname(absolute)).includes(path.basename(absolute))) return [];
  if (/\.\w+$/.test(relative)) return [relative];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(path.join(relative, entry.name))
      : /\.(astro|ts|tsx|mjs|js)$/.test(entry.name)
        ? [path.join(relative, entry.name)]
        : [],
  );
}

const sources = productSources.flatMap(files);

it('reads the environment in each package’s config module alone', () => {
  expect(sources.length).toBeGreaterThan(100);
  const readers = sources.filter(
    (file) => !configModules.includes(file) && environmentRead.test(readFileSync(path.join(root, file), 'utf8')),
  );
  expect(readers).toEqual([]);
});

it('never writes the environment: settings are passed, not planted', () => {
  const writers = sources.filter((file) => environmentWrite.test(readFileSync(path.join(root, file), 'utf8')));
  expect(writers).toEqual([]);
});
