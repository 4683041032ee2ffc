import { createHash } from 'node:crypto';
import { cp, link, lstat, mkdir, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type PageCounts, spawnAstroBuild } from './astro-process.ts';
import { WarmBuild } from './warm-build.ts';

/** What every `astro build` of this product is given, whatever it builds (the live site, a preview). */
export interface AstroSettings {
  /** The Astro project that is built. */
  siteSourceDir: string;
  /** Where the build fetches the blog from. */
  apiUrl: () => string;
  publicSiteUrl: string;
  /** The API as visitors' browsers reach it, for the pages' forms and view beacon. */
  publicApiUrl: string;
  /** Origin of the images when they are not served by the site's own origin. */
  mediaOrigin: string | undefined;
  /** The content folder editors change (a git checkout): its log dates what an English page lags behind. */
  contentDir: string;
  /** CONTENT_STRICT, passed to the build's content check. */
  contentStrict: boolean;
  /** SITE_BROTLI_QUALITY, passed to the build: the brotli copies' quality. */
  brotliQuality: number;
  /** APPLICATION_RETENTION_DAYS, passed to the build: the privacy notice says how long a pre-enrolment is kept. */
  applicationRetentionDays: number;
  /** System variables (PATH, HOME...) passed to the build; nothing else of this process's environment is. */
  systemEnv: Record<string, string>;
  /** SITE_BUILD_PRIORITY: `idle` (the default) runs the build below the API's CPU priority; `normal` as the API itself. */
  priority?: 'idle' | 'normal';
  /**
   * SITE_BUILD_WARM_MS: how long the build process stays loaded after a build, for the next one
   * to skip Astro's start-up (api/src/site/warm-build.ts); 0 runs `astro build` afresh each time.
   */
  warmMs?: number;
}

/** One build: where it writes, what it reads. */
export interface AstroBuild {
  outDir: string;
  /** A copy of the content folder, at a path that stays the same from build to build (Astro's cache compares paths). */
  contentDir: string;
  /** Astro's cache (content store, incremental build), one per series of builds. */
  cacheDir: string;
  /** The build this one follows, whose unchanged files lend their compressed copies. */
  previousBuild?: string | undefined;
  /** The brotli copies' quality, when not the settings' (a preview, which nobody downloads compressed, takes the fastest). */
  brotliQuality?: number;
  /** A build of the live site: its renderer may then publish posts over it (`render`). */
  live?: boolean;
}

/**
 * Runs the product's `astro build`s, one job at a time: a publish and a preview never build at
 * once, so the API's machine holds one build's memory at most (docs/decisions/0022), and a job
 * prepares the content, builds and moves the result while no other touches them.
 */
export class AstroRunner {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly settings: AstroSettings;
  private warm: WarmBuild | undefined;

  constructor(settings: AstroSettings) {
    this.settings = settings;
  }

  /** Runs `job` once the jobs asked before it are done. */
  exclusive<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** One build, inside a job; resolves with the pages Astro rendered and reused. */
  async build(build: AstroBuild): Promise<PageCounts> {
    const { siteSourceDir, priority, warmMs = 0 } = this.settings;
    const lowPriority = priority !== 'normal';
    const workDir = this.workDir(build.cacheDir);
    if (warmMs > 0) {
      if (this.warm?.workDir !== workDir) {
        await this.warm?.stop();
        this.warm = new WarmBuild({ siteSourceDir, workDir, lowPriority, warmMs });
      }
      return this.warm.build(this.env(build), build.live === true);
    }
    await mkdir(workDir, { recursive: true });
    try {
      return await spawnAstroBuild({ siteSourceDir, workDir, lowPriority, env: this.env(build) });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** Whether `render` can publish posts over the live site: the warm build process holds the renderer of its last build. */
  get rendersLive(): boolean {
    return this.warm?.holdsRenderer ?? false;
  }

  /**
   * Inside a job: renders the pages a change of posts touches into `build.outDir`, a copy of
   * the live site made of hard links (site/src/lib/publish-renderer.ts). Throws when it cannot;
   * a build then does it.
   */
  render(build: AstroBuild): Promise<PageCounts> {
    if (!this.warm) throw new Error('no build process is kept warm');
    return this.warm.render(this.env(build), path.resolve(build.outDir));
  }

  /** After the jobs under way: the build process kept warm stops. */
  async close(): Promise<void> {
    await this.queue;
    await this.warm?.stop();
  }

  /**
   * Each series of builds (each cache) has its own folder, its working directory and Astro's
   * root, inside the site's folder so that the bundle finds its packages; the sources are read
   * from the site's folder (astro.config.mjs names them). Astro keeps files of a build under its
   * root's `.astro/`, and bundles the pages it renders under its working directory: with one
   * for all, two products built from one checkout at once overwrote each other's bundles
   * ("Cannot find module …/.astro/.prerender/chunks/…") and the list of the content's images
   * (`.astro/content-assets.mjs`), so a build showed another's photos, or failed on its own
   * (LocalImageUsedWrongly).
   */
  private workDir(cacheDir: string): string {
    const series = createHash('sha256').update(path.resolve(cacheDir)).digest('hex').slice(0, 16);
    return path.join(this.settings.siteSourceDir, '.astro', 'builders', series);
  }

  /** The build's settings, passed to Astro as the site's environment (site/src/config.ts). */
  private env({ outDir, previousBuild, contentDir, cacheDir, brotliQuality }: AstroBuild): Record<string, string> {
    const settings = this.settings;
    return {
      ...settings.systemEnv,
      NODE_ENV: 'production',
      SITE_OUT_DIR: path.resolve(outDir),
      SITE_API_URL: settings.apiUrl(),
      PUBLIC_SITE_URL: settings.publicSiteUrl,
      PUBLIC_API_URL: settings.publicApiUrl,
      SITE_PREVIOUS_BUILD: previousBuild ?? '',
      SITE_CACHE_DIR: path.resolve(cacheDir),
      SITE_MEDIA_ORIGIN: settings.mediaOrigin ?? '',
      SITE_CONTENT_DIR: path.resolve(contentDir),
      SITE_CONTENT_HISTORY_DIR: path.resolve(settings.contentDir),
      CONTENT_STRICT: String(settings.contentStrict),
      SITE_BROTLI_QUALITY: String(brotliQuality ?? settings.brotliQuality),
      SITE_APPLICATION_RETENTION_DAYS: String(settings.applicationRetentionDays),
      ASTRO_TELEMETRY_DISABLED: '1',
    };
  }
}

/**
 * Replaces `target` with a copy of `source`, modification times kept. The symbolic links in it
 * are skipped, never followed (a link to / would copy the disk; the content check refuses them);
 * `source` itself may be a link (git-sync's checkout).
 */
export async function copyFolder(source: string, target: string): Promise<void> {
  await rm(target, { recursive: true, force: true });
  await cp(await realpath(source), target, {
    recursive: true,
    preserveTimestamps: true,
    filter: async (file) => !(await lstat(file)).isSymbolicLink(),
  });
}

/**
 * A copy of the folder `source` (a link to it is followed) at `target`, each file a hard link to
 * the source's: a site of thousands of files copied in a moment. A file of the copy that changes
 * must be removed first and written anew, or the source's changes with it.
 */
export async function linkTree(source: string, target: string): Promise<void> {
  const root = await realpath(source);
  await mkdir(target, { recursive: true });
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((entry) => entry.isDirectory())) {
    await mkdir(path.join(target, path.relative(root, path.join(entry.parentPath, entry.name))), { recursive: true });
  }
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  for (let index = 0; index < files.length; index += linkBatch) {
    await Promise.all(files.slice(index, index + linkBatch).map((file) => link(path.join(root, file), path.join(target, file))));
  }
}
const linkBatch = 64;

/** Writes a content file over a copy of the content (`text` undefined removes it); a path outside it is refused. */
export async function writeOver(contentDir: string, file: string, text: string | undefined): Promise<void> {
  const target = path.resolve(contentDir, file);
  if (!target.startsWith(path.resolve(contentDir) + path.sep)) throw new Error(`${file} is not a file of the content`);
  if (text === undefined) {
    await rm(target, { force: true });
    return;
  }
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text);
}
