import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** A source file of the site stays small enough to read at once: a big page is split into components. */

const maxLines = 400;
const source = fileURLToPath(new URL('../src', import.meta.url));

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(astro|ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

describe('the site sources', () => {
  it(`keeps every page, component, layout, style and module under ${maxLines} lines`, () => {
    const tooLong = files(source)
      .map((path) => ({ path: relative(source, path), lines: readFileSync(path, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > maxLines)
      .map(({ path, lines }) => `src/${path}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
