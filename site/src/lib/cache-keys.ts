import { getCollection } from 'astro:content';
import { createHash } from 'node:crypto';
import { siteConfig } from '../config.ts';

/**
 * Cache keys for Astro's incremental build (site/README.md, "Publishing"): a page is reused
 * from the previous build only when its key and its code are unchanged. Every key holds what
 * every page shows (the header's departments, the footer's programme names, the centre's
 * details, the site's addresses); a page's own key adds what that page shows. A programme's fee
 * then renders its two pages again and the pages without a key (lists, finders, home), not the
 * whole site; a programme's new name, shown in every footer, renders every page.
 */
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

let chrome: Promise<string> | undefined;

const entries = async (collection: 'departements' | 'departementsEn' | 'centre' | 'centreEn') =>
  (await getCollection(collection)).map((entry) => [entry.id, entry.data]);

/** What every page shows: the departments, each programme's name, place, address and presence, the centre's details, in both languages. */
function siteChrome(): Promise<string> {
  chrome ??= (async () => {
    const [departements, departementsEn, centre, centreEn, formations, formationsEn] = await Promise.all([
      entries('departements'),
      entries('departementsEn'),
      entries('centre'),
      entries('centreEn'),
      getCollection('formations'),
      getCollection('formationsEn'),
    ]);
    const names = formations.map(({ id, data }) => [id, data.title, data.department, data.order, data.retired]);
    const englishNames = formationsEn.map(({ id, data }) => [id, data.title, data.slug]);
    const addresses = [siteConfig.siteUrl, siteConfig.publicApiUrl, siteConfig.apiOrigin, siteConfig.mediaOrigin];
    return hash([departements, departementsEn, centre, centreEn, names, englishNames, addresses]);
  })();
  return chrome;
}
/** The key of a page that shows `data` within the site's common parts. */
export async function pageCacheKey(data: unknown): Promise<string> {
  return `${await siteChrome()}.${hash(data)}`;
}

/** The key of a file made from `data` alone (an illustration, a preview image). */
export const fileCacheKey = (data: unknown): string => hash(data);
