import { getCollection } from 'astro:content';
import { createHash } from 'node:crypto';
import { siteConfig } from '../config.ts';

/**
 * Cache keys for Astro's incremental build (site/README.md, "Publishing"): a page is reused
 * from the previous build only when its key and its code are unchanged. What every page shows
 * (the menu of departments, the footer's programmes, the centre's details, the forms' address)
 * is in every key, so a content change renders every page again; a post change renders only
 * the blog's pages.
 */
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

let chrome: Promise<string> | undefined;

/** Everything but the blog: all the content files, in both languages, and the addresses the pages print. */
function siteChrome(): Promise<string> {
  chrome ??= Promise.all(
    (
      [
        'departements',
        'formations',
        'faq',
        'pages',
        'centre',
        'departementsEn',
        'formationsEn',
        'faqEn',
        'pagesEn',
        'centreEn',
      ] as const
    ).map(async (collection) =>
      (await getCollection(collection)).map((entry) => [entry.id, entry.data, 'body' in entry ? entry.body : undefined]),
    ),
  ).then((content) => hash([content, siteConfig.siteUrl, siteConfig.publicApiUrl, siteConfig.apiOrigin, siteConfig.mediaOrigin]));
  return chrome;
}

/** The key of a page that shows `data` within the site's common parts. */
export async function pageCacheKey(data: unknown): Promise<string> {
  return `${await siteChrome()}.${hash(data)}`;
}

/** The key of a file made from `data` alone (an illustration, a preview image). */
export const fileCacheKey = (data: unknown): string => hash(data);
