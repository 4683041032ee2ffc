import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readSiteConfig } from '../src/config.ts';

const siteDir = fileURLToPath(new URL('..', import.meta.url));
/** A read of the environment; a quoted name is not one (Vite's define replaces 'process.env.NODE_ENV' in the bundles). */
const environmentRead = /(?<!['"`])(?:process\.env|import\.meta\.env)\b/;

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(astro|ts|tsx|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('the site configuration', () => {
  it('is read from the environment by src/config.ts alone, and nothing in the site writes the environment', () => {
    const readers = [join(siteDir, 'astro.config.mjs'), ...sources(join(siteDir, 'src'))]
      .map((path) => relative(siteDir, path))
      .filter((path) => path !== 'src/config.ts' && environmentRead.test(readFileSync(join(siteDir, path), 'utf8')));
    expect(readers).toEqual([]);
    expect(readFileSync(join(siteDir, 'src/config.ts'), 'utf8')).not.toMatch(/process\.env\.\w+\s*=|delete process\.env/);
  });

  it('builds the blog from SITE_API_URL unless SITE_BLOG=off, and ignores empty values', () => {
    const api = 'http://127.0.0.1:3000/api/';
    expect(readSiteConfig({ SITE_API_URL: api }).blogApiUrl).toBe('http://127.0.0.1:3000/api');
    expect(readSiteConfig({ SITE_API_URL: api, SITE_BLOG: 'off' }).blogApiUrl).toBeUndefined();
    expect(readSiteConfig({ SITE_API_URL: '', SITE_MEDIA_ORIGIN: '' })).toEqual({
      outDir: './dist',
      siteUrl: 'http://127.0.0.1:8080',
      publicApiUrl: '/api',
      blogApiUrl: undefined,
      mediaOrigin: undefined,
      apiOrigin: undefined,
    });
  });

  it('names the API’s origin for the pages’ policy only when the site is on another origin (a CDN)', () => {
    const split = { PUBLIC_SITE_URL: 'https://www.centre.test', PUBLIC_API_URL: 'https://api.centre.test/api' };
    expect(readSiteConfig(split)).toMatchObject({
      publicApiUrl: 'https://api.centre.test/api',
      apiOrigin: 'https://api.centre.test',
    });
    expect(readSiteConfig({ ...split, PUBLIC_API_URL: 'https://www.centre.test/api' }).apiOrigin).toBeUndefined();
    expect(readSiteConfig({ ...split, PUBLIC_API_URL: '/api' }).apiOrigin).toBeUndefined();
  });

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => readSiteConfig({ SITE_API_URL: 'localhost:3000' })).toThrow(/SITE_API_URL must be an http\(s\) URL/);
    expect(() => readSiteConfig({ SITE_BLOG: 'no' })).toThrow(/SITE_BLOG/);
  });
});
