import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { parseRedirectsFile } from '@cfp/shared/web-policy';

/**
 * The permanent redirects of a site build, from the `_redirects` file it writes for static hosts
 * (`/from /to 301` per line: the previous site's URLs, the programmes' former slugs), read once
 * per build.
 */
export class SiteRedirects {
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
