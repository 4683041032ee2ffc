import { expect, it } from 'vitest';
import { productSources, readSource, sourceFiles } from './source-files.ts';

/** The house's rule: a file longer than this holds more than one concern, and is split along its seams. */
const longestFile = 399;

it('keeps every source file of the product, the content package included, under 400 lines', () => {
  const sources = sourceFiles([...productSources, 'packages/content/src']);
  expect(sources.length).toBeGreaterThan(100);
  const lines = (file: string) => readSource(file).split('\n').length - (readSource(file).endsWith('\n') ? 1 : 0);
  const long = sources.filter((file) => lines(file) > longestFile).map((file) => `${file}: ${lines(file)}`);
  expect(long).toEqual([]);
});
