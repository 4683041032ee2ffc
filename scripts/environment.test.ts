import { expect, it } from 'vitest';
import { productSources, readSource, sourceFiles } from './source-files.ts';

/** The one module per package that reads the environment; tests, scripts and benchmarks may too. */
const configModules = ['api/src/config.ts', 'site/src/config.ts', 'admin/build-config.ts'];

/** A read of the environment; a quoted name is not one (Vite's define replaces 'process.env.NODE_ENV' in the bundles). */
const environmentRead = /(?<!['"`])\bprocess\.env\b/;
const environmentWrite = /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env/;

const sources = sourceFiles(productSources);

it('reads the environment in each package’s config module alone', () => {
  expect(sources.length).toBeGreaterThan(100);
  const readers = sources.filter((file) => !configModules.includes(file) && environmentRead.test(readSource(file)));
  expect(readers).toEqual([]);
});

it('never writes the environment: settings are passed, not planted', () => {
  const writers = sources.filter((file) => environmentWrite.test(readSource(file)));
  expect(writers).toEqual([]);
});
