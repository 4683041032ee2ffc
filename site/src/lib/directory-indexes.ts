import { link, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Pages that stay where they are: the root page, and the page every host sends for what is missing. */
const keptInPlace = new Set(['index.html', '404.html']);

/**
 * The site is built as `about.html` (served at `/about` by hosts that map clean URLs: Netlify,
 * Cloudflare Pages, GitHub Pages, our nginx and server). A host that maps nothing (S3 website
 * hosting, a bare web server) serves `/about` only as a folder: it redirects to `/about/` and
 * sends `about/index.html`. Each page is therefore also written as `{page}/index.html` (a hard
 * link, with its `.br` and `.gz`), and keeps its canonical URL without the slash.
 */
export async function writeDirectoryIndexes(root: string): Promise<number> {
  let written = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html') || keptInPlace.has(entry.name)) continue;
    await writeDirectoryIndex(root, path.relative(root, path.join(entry.parentPath, entry.name)));
    written += 1;
  }
  return written;
}

/** The page `relative` (a `.html` file of `root`) also as its folder's `index.html`. */
export async function writeDirectoryIndex(root: string, relative: string): Promise<void> {
  if (keptInPlace.has(path.basename(relative))) return;
  const folder = path.join(root, relative.slice(0, -'.html'.length));
  await mkdir(folder, { recursive: true });
  for (const suffix of ['', '.br', '.gz']) {
    const target = path.join(folder, `index.html${suffix}`);
    await rm(target, { force: true });
    await link(path.join(root, relative + suffix), target).catch((error: NodeJS.ErrnoException) => {
      // The page has no compressed copy (too small to gain from one).
      if (!(suffix && error.code === 'ENOENT')) throw error;
    });
  }
}
