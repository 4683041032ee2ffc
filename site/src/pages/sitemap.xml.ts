import { postPath } from '@cfp/shared';
import type { APIRoute } from 'astro';
import { getPosts } from '../lib/blog.ts';
import { getDepartements, getFormations } from '../lib/centre.ts';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Every canonical, indexable page (answer pages, redirects and the offline page are left out). */
export const GET: APIRoute = async ({ site }) => {
  if (!site) throw new Error('astro.config.mjs: `site` is needed for the sitemap');
  const [departements, formations, posts] = await Promise.all([getDepartements(), getFormations(), getPosts()]);
  const pages: Array<{ path: string; lastmod?: Date }> = [
    { path: '/' },
    { path: '/formations' },
    ...departements.map((departement) => ({ path: `/departement/${departement.id}` })),
    ...formations.map((formation) => ({ path: `/formation/${formation.id}` })),
    { path: '/about' },
    { path: '/faq' },
    { path: '/contact' },
    { path: '/blog' },
    ...posts.map((post) => ({ path: postPath(post.slug), lastmod: new Date(post.updatedAt ?? post.date) })),
  ];
  const urls = pages
    .map(({ path, lastmod }) => {
      const date = lastmod && !Number.isNaN(lastmod.getTime()) ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
      return `<url><loc>${escapeXml(new URL(path, site).href)}</loc>${date}</url>`;
    })
    .join('\n');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    { headers: { 'content-type': 'application/xml; charset=utf-8' } },
  );
};
