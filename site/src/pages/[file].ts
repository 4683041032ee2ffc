import { type Locale, postPath, programmePath } from '@cfp/shared';
import { cachePolicies, headersFile, redirectsFile, securityHeaders } from '@cfp/shared/web-policy';
import type { APIRoute, GetStaticPaths } from 'astro';
import { siteConfig } from '../config.ts';
import { getPosts } from '../lib/blog.ts';
import { type ProgrammeMove, programmeMoves } from '../lib/programme-pages.ts';
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
  const [frenchMoves, englishMoves, posts] = await Promise.all([programmeMoves('fr'), programmeMoves('en'), getPosts()]);
  const programmeLines = (locale: Locale, moves: ProgrammeMove[]) =>
    moves.map(({ slug, to }): [string, string] => [programmePath(slug, locale), to]);
  const lines: Array<[string, string]> = [
    ...Object.entries(staticRedirects),
    ...programmeLines('fr', frenchMoves),
    ...programmeLines('en', englishMoves),
    ...posts
      .filter((post) => !posts.some((other) => other.slug === String(post._id)))
      .map((post): [string, string] => [postPath(String(post._id)), postPath(post.slug)]),
  ];
  return redirectsFile(lines);
}
