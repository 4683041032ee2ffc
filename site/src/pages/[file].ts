import type { APIRoute, GetStaticPaths } from 'astro';
import { getPosts } from '../lib/blog.ts';
import { getFormations } from '../lib/centre.ts';
import { staticRedirects } from '../lib/redirects.ts';

/**
 * `_redirects` (Netlify style) for hosts that read one. Each line is also a redirect page
 * in the build, for hosts that do not.
 */
export const getStaticPaths = (() => [{ params: { file: '_redirects' } }]) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
  const [formations, posts] = await Promise.all([getFormations(), getPosts()]);
  const redirects: Array<[string, string]> = [
    ...Object.entries(staticRedirects),
    ...formations.flatMap((formation) =>
      (formation.data.legacySlugs ?? []).map((slug): [string, string] => [`/formation/${slug}`, `/formation/${formation.id}`]),
    ),
    ...posts
      .filter((post) => !posts.some((other) => other.slug === String(post._id)))
      .map((post): [string, string] => [`/blog/${post._id}`, `/blog/${post.slug}`]),
  ];
  return new Response(`${redirects.map(([from, to]) => `${from} ${to} 301`).join('\n')}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};
