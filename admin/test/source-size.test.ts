import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A source file of the admin stays small enough to read at once: a long screen is split by concern. */

const maxLines = 400;
// import.meta.dirname: under jsdom import.meta.url is not a file: URL.
const source = join(import.meta.dirname, '../src');

function files(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

describe('the admin sources', () => {
  it(`keeps every component, screen, style sheet and module under ${maxLines} lines`, () => {
    const tooLong = files(source)
      .map((path) => ({ path: relative(source, path), lines: readFileSync(path, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > maxLines)
      .map(({ path, lines }) => `src/${path}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it('name every screen through adminPaths in links, redirects and routes, never as a written address', () => {
    // A string address in a Link, a Navigate, navigate(), useHref() or a route's path.
    const written = /\b(?:to|path)(?:=|: )['"`]\/?[a-z]|\b(?:navigate|useHref)\(['"`]\/?[a-z]/;
    const offenders = files(source).filter((path) => written.test(readFileSync(path, 'utf8')));
    expect(offenders.map((path) => relative(source, path))).toEqual([]);
  });
});
