import type { APIRoute } from 'astro';
import { type Locale, locales } from '../i18n/locale.ts';
import {
  type Alternates,
  departementAlternates,
  pageAlternates,
  postAlternates,
  postPath,
  programmeAlternates,
} from '../i18n/routes.ts';
import { getPosts } from '../lib/blog.ts';
import { getDepartements, getFormations } from '../lib/centre.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * Every canonical, indexable page (answer pages, redirects and the offline pages are left out),
 * in both languages: the French pages and the posts, then the English pages and the posts' English
 * versions, each page with a twin given the hreflang links its page has (fr, en, x-default = French).
 */
export const GET: APIRoute = async ({ site }) => {
  if (!site) throw new Error('astro.config.mjs: `site` is needed for the sitemap');
  const [departements, formations, posts] = await Promise.all([getDepartements(), getFormations(), getPosts()]);
  const twins: Alternates[] = [
    pageAlternates('home'),
    pageAlternates('programmes'),
    ...departements.map(departementAlternates),
    ...formations.map(programmeAlternates),
    pageAlternates('about'),
    pageAlternates('faq'),
    pageAlternates('diplomas'),
    pageAlternates('contact'),
    pageAlternates('blog'),
    pageAlternates('privacy'),
    pageAlternates('legalNotice'),
  ];
  const postPages = (locale: Locale) =>
    posts
      .filter((post) => locale === 'fr' || post.english)
      .map((post) => ({
        path: postPath(post.slug, locale),
        alternates: postAlternates(post),
        lastmod: new Date(post.updatedAt ?? post.date),
      }));
  const pages: Array<{ path: string; alternates?: Alternates | undefined; lastmod?: Date }> = [
    ...twins.map((alternates) => ({ path: alternates.fr, alternates })),
    ...postPages('fr'),
    ...twins.map((alternates) => ({ path: alternates.en, alternates })),
    ...postPages('en'),
  ];
  const href = (path: string) => escapeXml(new URL(path, site).href);
  const urls = pages
    .map(({ path, alternates, lastmod }) => {
      const date = lastmod && !Number.isNaN(lastmod.getTime()) ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
      const links = alternates
        ? [...locales.map((locale) => [locale, alternates[locale]] as const), ['x-default', alternates.fr] as const]
            .map(([language, twin]) => `<xhtml:link rel="alternate" hreflang="${language}" href="${href(twin)}"/>`)
            .join('')
        : '';
      return `<url><loc>${href(path)}</loc>${links}${date}</url>`;
    })
    .join('\n');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
    { headers: { 'content-type': 'application/xml; charset=utf-8' } },
  );
};
