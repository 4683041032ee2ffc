import { legacyRedirects } from '@cfp/shared/web-policy';

/**
 * The previous site's URLs, as Astro redirect pages; src/pages/[file].ts lists them, with the
 * programmes' legacy slugs and the blog's /blog/{id}, in a `_redirects` file.
 */
export const staticRedirects: Record<string, string> = { ...legacyRedirects };
