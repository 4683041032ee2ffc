/**
 * Where the build reads published posts: `SITE_API_URL` (the API's site builder always sets
 * it). Unset, the site is built without a blog, as a plain `astro build` on a laptop is;
 * `SITE_BLOG=off` says so explicitly even when the URL is set.
 */
export function blogApiUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SITE_BLOG === 'off') return undefined;
  return env.SITE_API_URL?.replace(/\/+$/, '') || undefined;
}

/**
 * Stops the build with a clear message when the API that should give the posts does not
 * answer: a site published without its blog would silently drop every post from search
 * engines. An API that answers with no posts is fine.
 */
export async function assertBlogApiReachable(api: string): Promise<void> {
  const url = `${api}/blog/published`;
  let problem: string;
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(20_000) });
    if (response.ok && Array.isArray(await response.json())) return;
    problem = response.ok ? 'its answer is not a list of posts' : `it answered ${response.status} ${response.statusText}`;
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    problem = `it cannot be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`;
  }
  throw new Error(
    `The blog cannot be built: ${url} is where the published posts are read, and ${problem}. ` +
      'Start the API (or fix SITE_API_URL), or set SITE_BLOG=off to build the site without the blog.',
  );
}
