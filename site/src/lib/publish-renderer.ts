import { access, mkdir, readFile, rename, rm, rmdir, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { blogPost } from '@cfp/shared';
import type { AstroIntegration } from 'astro';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { siteConfig } from '../config.ts';
import { fetchPublishedPosts } from './blog-source.ts';
import { postsOfAPublish } from './posts-of-a-publish.ts';

/*
 * A publish of posts without `astro build` (docs/decisions/0041). A build in the warm build
 * process (site/build-worker.mjs) leaves its renderer loaded: the pages' bundle, Astro's app over
 * it, the build's options. A change of posts then reads the published posts, asks every route
 * for its pages again, and renders only those whose cache key changed (a post's page, its
 * redirect) and those without one (the lists, the home, the sitemap), with the code Astro's own
 * build renders a page with: the pages written are the bytes a build writes (a test compares).
 * Anything else (the content, the templates) changes the bundle: that takes a build.
 */

// Astro's build internals the renderer shares with the build, by the same modules.
const astroDist = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist');
const internal = (file: string) => import(pathToFileURL(path.join(astroDist, file)).href);
const { renderPath } = await internal('core/build/generate.js');
const { getPrerenderOutputDirectory } = await internal('prerender/utils.js');
const { getOutFile, getOutFolder } = await internal('core/build/common.js');

interface AstroAssetHooks {
  addStaticImage?: unknown;
  recordReferencedImage?: unknown;
  staticImages?: Map<string, { transforms: Map<string, { finalPath: string }> }>;
}
interface BuildApp {
  routeCache: { clearAll(): void };
  render(request: Request, options: { routeData: unknown }): Promise<Response>;
  getOptions(): { settings: { config: { outDir: URL; build: { format: string } } }; logger: unknown };
  getSettings(): unknown;
}
interface RoutePath {
  pathname: string;
  route: { component: string };
  cacheKey?: string;
}
type PostData = Parameters<typeof blogPost.parse>[0];
interface PathState {
  component: string;
  cacheKey: string | undefined;
  /** The page's file, relative to the site's folder, where Astro's build writes it. */
  file: string;
}

/** What the last build left loaded, and what the pages were at its last render. */
interface Renderer {
  app: BuildApp;
  /** The build's bundle, moved aside when the build ended; `prerenderDir` points at it while it serves. */
  keptDir: string;
  prerenderDir: string;
  assetHooks: AstroAssetHooks;
  /** Each path's cache key and file, as the site being replaced has them. */
  paths: Paths | undefined;
}

let ending: Omit<Renderer, 'paths'> | undefined;
let renderer: Renderer | undefined;

const astroAsset = () => {
  const global = globalThis as { astroAsset?: AstroAssetHooks };
  global.astroAsset ??= {};
  return global.astroAsset;
};

/**
 * Added to the worker's builds: the build's renderer is kept when it is done with the pages, and
 * its bundle, which Astro removes then, moved aside for the pages it imports later.
 */
export const keepRenderer: AstroIntegration = {
  name: 'keep-renderer',
  hooks: {
    'astro:build:start': ({ setPrerenderer }) => {
      setPrerenderer((astroDefault) => ({
        name: 'keep-renderer',
        setup: async () => {
          await astroDefault.setup?.();
        },
        getStaticPaths: () => astroDefault.getStaticPaths(),
        render: (request, options) => astroDefault.render(request, options),
        async teardown() {
          await astroDefault.teardown?.();
          const app = (astroDefault as unknown as { app: BuildApp }).app;
          const prerenderDir = fileURLToPath(getPrerenderOutputDirectory(app.getSettings())).replace(/\/+$/, '');
          const keptDir = `${prerenderDir}-kept`;
          await rm(keptDir, { recursive: true, force: true });
          await rename(prerenderDir, keptDir);
          const { addStaticImage, recordReferencedImage } = astroAsset();
          ending = { app, keptDir, prerenderDir, assetHooks: { addStaticImage, recordReferencedImage } };
        },
      }));
    },
  },
};

/** Before a build: the renderer of the last one goes (a preview, a content change build anew). */
export async function dropRenderer(): Promise<void> {
  const gone = renderer ?? ending;
  renderer = undefined;
  ending = undefined;
  (globalThis as { [postsOfAPublish]?: readonly PostData[] })[postsOfAPublish] = undefined;
  if (!gone) return;
  await rm(gone.prerenderDir, { force: true });
  await rm(gone.keptDir, { recursive: true, force: true });
}

/** After a build that went well: its renderer serves the next publishes. */
export async function keepBuildRenderer(): Promise<void> {
  if (!ending) return;
  await symlink(ending.keptDir, ending.prerenderDir);
  renderer = { ...ending, paths: undefined };
  ending = undefined;
}

export const hasRenderer = (): boolean => renderer !== undefined;

export interface PublishRender {
  /** Files written anew, relative to the site's folder (pages whose bytes changed). */
  changed: string[];
  /** Files of pages that are no more. */
  removed: string[];
  rendered: number;
  reused: number;
}

/**
 * Renders the pages a change of posts touches into `siteDir`, a copy of the live site whose files
 * are hard links to it: a file that changes is removed first, then written, so the live site's
 * stays as it is. Throws when the renderer cannot do it; the caller builds instead.
 */
export async function renderPublish(siteDir: string): Promise<PublishRender> {
  const current = renderer;
  if (!current) throw new Error('no build has left its renderer loaded');
  const api = siteConfig.blogApiUrl;
  if (!api) throw new Error('the blog is built without posts');
  const schema = blogPost.omit({ status: true });
  const posts = ((await fetchPublishedPosts(api)) as PostData[]).map((post) => schema.parse(post));
  // Right after a build, the pages as the build made them, from its own posts.
  const previous = current.paths ?? (await pathsWith(current, undefined));
  const next = await pathsWith(current, posts);
  const result: PublishRender = { changed: [], removed: [], rendered: 0, reused: 0 };
  const hooks = astroAsset();
  Object.assign(hooks, current.assetHooks, { staticImages: new Map() });
  try {
    for (const [pathname, page] of next) {
      const before = previous.get(pathname);
      if (page.cacheKey !== undefined && before?.cacheKey === page.cacheKey && before.component === page.component) {
        result.reused += 1;
        continue;
      }
      result.rendered += 1;
      if (await renderInto(current, siteDir, pathname, page)) result.changed.push(page.file);
    }
    await imagesAlreadyBuilt(hooks, siteDir);
  } finally {
    hooks.addStaticImage = undefined;
    hooks.recordReferencedImage = undefined;
  }
  for (const [pathname, { file }] of previous) {
    if (next.has(pathname)) continue;
    await removeFile(siteDir, file);
    result.removed.push(file);
  }
  current.paths = next;
  return result;
}

type Paths = Map<string, PathState & { route: RoutePath['route'] }>;

/** Every route's pages with `posts` published (the build's own when undefined), each with its file as Astro names it. */
async function pathsWith({ app }: Renderer, posts: readonly PostData[] | undefined): Promise<Paths> {
  (globalThis as { [postsOfAPublish]?: readonly PostData[] })[postsOfAPublish] = posts;
  app.routeCache.clearAll();
  const { settings } = app.getOptions();
  const outDir = fileURLToPath(settings.config.outDir);
  const fileOf = (pathname: string, route: RoutePath['route']) => {
    const encoded = encodeURI(pathname);
    const outFile: URL = getOutFile(settings.config.build.format, getOutFolder(settings, encoded, route), encoded, route);
    return path.relative(outDir, fileURLToPath(outFile));
  };
  const paths = (await new StaticPaths(app as never).getAll()) as RoutePath[];
  return new Map(
    paths.map(({ pathname, route, cacheKey }) => [
      pathname,
      { component: route.component, cacheKey, route, file: fileOf(pathname, route) },
    ]),
  );
}

/** Renders one page into `siteDir`; its file is written only when its bytes differ from the live one's. Whether it was. */
async function renderInto(current: Renderer, siteDir: string, pathname: string, page: PathState & { route: RoutePath['route'] }) {
  const options = current.app.getOptions();
  const prerenderer = {
    render: async (request: Request, { routeData }: { routeData: unknown }) => ({
      response: await current.app.render(request, { routeData }),
    }),
  };
  const result = (await renderPath({
    prerenderer,
    pathname,
    route: page.route,
    options,
    logger: options.logger,
    collectMetadata: false,
  })) as { body: Buffer | string } | null;
  if (!result) return false;
  const body = Buffer.from(result.body);
  const target = path.join(siteDir, page.file);
  const before = await readFile(target).catch(() => undefined);
  if (before?.equals(body)) return false;
  await removeFile(siteDir, page.file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, body);
  return true;
}

/** A page rendered again shows the images the build made; one it did not make takes a build. */
async function imagesAlreadyBuilt(hooks: AstroAssetHooks, siteDir: string): Promise<void> {
  for (const { transforms } of hooks.staticImages?.values() ?? []) {
    for (const { finalPath } of transforms.values()) {
      const exists = await access(path.join(siteDir, finalPath)).then(
        () => true,
        () => false,
      );
      if (!exists) throw new Error(`${finalPath} is an image no build has made yet`);
    }
  }
}

/** Removes a page's file, its compressed copies and its folder's index (hard links to the live site's). */
async function removeFile(siteDir: string, relative: string): Promise<void> {
  const file = path.join(siteDir, relative);
  const folderIndex = relative.endsWith('.html')
    ? path.join(siteDir, relative.slice(0, -'.html'.length), 'index.html')
    : undefined;
  for (const name of [file, folderIndex].filter((name) => name !== undefined)) {
    await Promise.all(['', '.br', '.gz'].map((suffix) => rm(`${name}${suffix}`, { force: true })));
  }
  // The folder of a page that is no more, as a build would not write it.
  if (folderIndex) await rmdir(path.dirname(folderIndex)).catch(() => undefined);
}
