import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { answerPagePaths, departementPath, locales, pagePaths, postPath, programmePath } from '@cfp/shared';
import { describe, expect, it } from 'vitest';
import { noticeRoutes } from '../src/lib/notice-pages.ts';

/**
 * The public site's addresses are written in @cfp/shared, which the API (its redirects, its answer
 * pages' links) and the admin read too: each must be a page of the site, in French and in English.
 */

const pages = fileURLToPath(new URL('../src/pages', import.meta.url));
/** The notices' addresses are given by their route, src/pages/[notice].astro and its English twin. */
const noticeAddresses = locales.flatMap((locale) => {
  const folder = locale === 'fr' ? '' : '/en';
  if (!existsSync(`${pages}${folder}/[notice].astro`)) return [];
  return noticeRoutes(locale).map(({ params }) => `${folder}/${params.notice}`);
});
const isPage = (path: string) =>
  existsSync(`${pages}${path}.astro`) || existsSync(`${pages}${path}/index.astro`) || noticeAddresses.includes(path);

describe('the site’s addresses', () => {
  it('are pages of the site, in French and in English: the main pages and those the API sends visitors to', () => {
    const missing = [...Object.values(pagePaths), ...Object.values(answerPagePaths)]
      .flatMap((paths) => Object.values(paths))
      .filter((path) => !isPage(path));
    expect(missing).toEqual([]);
  });

  it('lead to a programme’s, a department’s and a post’s page by its slug', () => {
    const slugPages = locales.flatMap((locale) => [
      programmePath('[slug]', locale),
      departementPath('[slug]', locale),
      postPath('[slug]', locale),
    ]);
    expect(slugPages.filter((path) => !isPage(path))).toEqual([]);
  });
});
