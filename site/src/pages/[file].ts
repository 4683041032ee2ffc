import { postPath, programmePath } from '@cfp/shared';
import { cachePolicies, headersFile, redirectsFile, securityHeaders } from '@cfp/shared/web-policy';
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteConfig } from '../config.ts';
import { getPosts } from '../lib/blog.ts';
import { getFormations } from '../lib/centre.ts';
import { staticRedirects } from '../lib/redirects.ts';

/**
 * The files the common static hosts and CDNs read beside the pages (Netlify style, also read by
 * Cloudflare Pages and others): `_redirects`, each line of which is also a redirect page in the
 * build for hosts that read none, and `_headers`, the site's security headers and caching.
 */
export const getStaticPaths = (() => [
  { params: { file: '_redirects' } },
  { params: { file: '_headers' } },
]) satisfies GetStaticPaths;

const text = (body: string) => new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });

export const GET: APIRoute = async ({ params }) => (params.file === '_headers' ? text(headers()) : text(await redirects()));

function headers(): string {
  const { apiOrigin, mediaOrigin } = siteConfig;
  return headersFile([
    {
      path: '/*',
      headers: { ...securityHeaders('site', { apiOrigin, mediaOrigin }), 'Cache-Control': cachePolicies.revalidate },
    },
    { path: '/_astro/*', headers: { 'Cache-Control': cachePolicies.immutable } },
  ]);
}

async function redirects(): Promise<string> {
  const [formations, posts] = await Promise.all([getFormations(), getPosts()]);
  const lines: Array<[string, string]> = [
    ...Object.entries(staticRedirects),
    ...formations.flatMap((formation) =>
      (formation.data.legacySlugs ?? []).map((slug): [string, string] => [programmePath(slug), programmePath(formation.id)]),
    ),
    ...posts
      .filter((post) => !posts.some((other) => other.slug === String(post._id)))
      .map((post): [string, string] => [postPath(String(post._id)), postPath(post.slug)]),
  ];
  return redirectsFile(lines);
}
