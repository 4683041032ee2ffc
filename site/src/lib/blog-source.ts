/**
 * Reads the published posts, once per build. It stops the build with a clear message when
 * the API that should give them does not answer: a site published without its blog would
 * silently drop every post from search engines. An API that answers with no posts is fine.
 */
export async function fetchPublishedPosts(api: string): Promise<unknown[]> {
  const url = `${api}/blog/published`;
  let problem: string;
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(20_000) });
    const posts: unknown = response.ok ? await response.json() : undefined;
    if (Array.isArray(posts)) return posts;
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
