import { parseRedirectsFile } from '@cfp/shared/web-policy';

/**
 * Where a visitor who reached the 404 page meant to go: a move listed in the build's
 * `_redirects` (the previous site's addresses, a post's number), else the same address in
 * lower case without a trailing slash (`/Contact/` → `/contact`). Nothing when the address is
 * already that: a page that does not exist is not sent around in circles.
 */
export async function movedTo(pathname: string): Promise<string | undefined> {
  const moves = await fetch('/_redirects')
    .then((response) => (response.ok ? response.text() : ''))
    .catch(() => '');
  const listed = parseRedirectsFile(moves).get(pathname);
  if (listed) return listed;
  const canonical = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  // `//host` would leave the site.
  return canonical !== pathname && !/^\/[/\\]/.test(canonical) ? canonical : undefined;
}
