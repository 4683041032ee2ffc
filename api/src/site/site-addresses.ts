import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseRedirectsFile } from '@cfp/shared/web-policy';

/**
 * The permanent redirects of a site build, from the `_redirects` file it writes for static hosts
 * (`/from /to 301` per line: the previous site's URLs, the programmes' former slugs), read once
 * per build.
 */
class SiteRedirects {
  private build: string | undefined;
  private redirects = new Map<string, string>();
  private readonly siteRoot: string;

  constructor(siteRoot: string) {
    this.siteRoot = siteRoot;
  }

  /** Where `pathname` moved, for the build that is live now. */
  async target(pathname: string): Promise<string | undefined> {
    const build = await realpath(this.siteRoot).catch(() => undefined);
    if (build !== this.build) {
      this.build = build;
      this.redirects = build ? await readRedirects(build) : new Map();
    }
    return this.redirects.get(pathname);
  }
}

async function readRedirects(build: string): Promise<Map<string, string>> {
  return parseRedirectsFile(await readFile(path.join(build, '_redirects'), 'utf8').catch(() => ''));
}

/**
 * The file a path names in Astro's `build.format: 'file'` output: `/blog` is `blog.html`
 * even though a `blog/` folder (the posts) sits beside it; `/` is `index.html`; `/_redirects`
 * is itself (the 404 page reads it). A trailing slash names nothing: the `{page}/index.html`
 * copies are for hosts that map no clean URL, and `/about/` is moved to `/about`.
 */
async function findPage(root: string, encodedPath: string): Promise<string | undefined> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(encodedPath);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const candidates =
    pathname === '/'
      ? ['/index.html']
      : pathname.endsWith('/')
        ? []
        : path.posix.extname(pathname)
          ? [pathname]
          : [`${pathname}.html`, pathname];
  for (const candidate of candidates) {
    const absolute = path.join(root, candidate);
    if (!absolute.startsWith(root + path.sep)) continue;
    try {
      if ((await stat(absolute)).isFile()) return path.relative(root, absolute);
    } catch {
      // not this one
    }
  }
  return undefined;
}

/**
 * The address a visitor meant when they typed a trailing slash (`/about/`) or capitals
 * (`/Contact`, a link copied from the previous site): answered with a 301 to it, when it exists.
 */
async function canonicalPath(pathname: string, exists: (candidate: string) => Promise<boolean>): Promise<string | undefined> {
  // `//host` or `/\host` in a Location header sends the browser to another site.
  if (/^\/[/\\]/.test(pathname)) return undefined;
  const withoutSlash = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  for (const candidate of new Set([withoutSlash, withoutSlash.toLowerCase()])) {
    if (candidate !== pathname && (await exists(candidate))) return candidate;
  }
  return undefined;
}

export const withQuery = (target: string, query: string | undefined) => (query ? `${target}?${query}` : target);

/**
 * The addresses of the live site build: its pages, the moves its `_redirects` lists, and the
 * page an address names with capitals or a trailing slash. The embedded server answers with
 * them, and so does nginx, through GET /api/site/moved, for what the build has no file for.
 */
export class SiteAddresses {
  private readonly redirects: SiteRedirects;
  private readonly siteRoot: string;

  constructor(siteRoot: string) {
    this.siteRoot = siteRoot;
    this.redirects = new SiteRedirects(siteRoot);
  }

  /** Where `_redirects` says the address moved (the previous site's, a post's number). */
  listedMove(pathname: string): Promise<string | undefined> {
    return this.redirects.target(pathname);
  }

  /** The build's file for the page at this address, relative to the build. */
  page(pathname: string): Promise<string | undefined> {
    return findPage(this.siteRoot, pathname);
  }

  /** The page meant by an address with capitals or a trailing slash (`/Contact/` → `/contact`). */
  canonical(pathname: string): Promise<string | undefined> {
    return canonicalPath(pathname, async (candidate) =>
      Boolean((await this.listedMove(candidate)) ?? (await this.page(candidate))),
    );
  }

  /** Where an address the build has no file for should go; undefined for nowhere (a 404). */
  async movedTo(pathname: string): Promise<string | undefined> {
    return (await this.listedMove(pathname)) ?? this.canonical(pathname);
  }
}
