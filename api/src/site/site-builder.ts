import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { formatReport } from '@cfp/content';
import type { ContentReport, SiteBuildStatus, SiteChange, SiteRebuildMode } from '@cfp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ContentChecker } from '../content/content-checker.ts';
import type { PageCounts } from './astro-process.ts';
import { type AstroBuild, AstroRunner, type AstroSettings, copyFolder, linkTree, writeOver } from './astro-runner.ts';
import { contentCheckCause, failureCause, firstMeaningfulLine, SiteBuildFailure } from './build-failure.ts';
import { CopyStrengthener } from './copy-strengthener.ts';

export interface SiteBuilderOptions extends AstroSettings {
  mode: SiteRebuildMode;
  debounceMs: number;
  /** Builds go to `<outputRoot>/builds/<id>`; `<outputRoot>/current` points at the live one. */
  outputRoot: string;
  /** Runs the content check away from the API's thread. */
  contentChecker: Pick<ContentChecker, 'check'>;
  /** Puts a finished build where visitors read it (a directory, a bucket), before it replaces the local copy. */
  publish?: (buildDir: string) => Promise<void>;
  deployHookUrl: string | undefined;
  log: FastifyBaseLogger;
  /** How long after each failed build in a row it is tried again; then it waits for a change or "Republish site". */
  retryDelaysMs?: readonly number[];
  /**
   * The longest pause between two builds, however long the last one took (SITE_REBUILD_LONGEST_PAUSE_MS,
   * 20 s): a change waits at most for the build under way, this pause and its own build, which
   * keeps a published post within a minute of going public while builds take 20 s. A start-up
   * build, which renders every page, would otherwise hold the first publish for twice its length.
   */
  longestPauseMs: number;
}

const buildsKept = 2;

/** A build that fails twice close together (a content change mid-pull, the disk full for a moment) is not left alone. */
const defaultRetryDelaysMs = [30_000, 120_000, 600_000];

/** A change the site does not show yet; compared by identity, so one made while a build runs is never taken for one it built. */
interface Change {
  at: string;
}
type Changes = Record<SiteChange, Change | null>;

/** A build that follows another waits this many times as long as the last one took (or the debounce window), up to `longestPauseMs`. */
const pauseAfterBuild = 2;

/**
 * Rebuilds the public site when posts change: debounced, one build at a time, and a
 * request that arrives during a build schedules exactly one more. A local build goes
 * into a fresh directory and is swapped in with an atomic rename of a symlink, so a
 * visitor never sees a half-built site and a failed build leaves the previous one online.
 */
export class SiteBuilder {
  readonly currentDir: string;
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Failed builds in a row since the last success or change: which retry delay comes next. */
  private failuresInARow = 0;
  private running: Promise<void> | undefined;
  private pendingAfterRun = false;
  private lastFinishedAt = 0;
  private status: Omit<SiteBuildStatus, 'notLive'>;
  private notLive: Changes = { posts: null, content: null };
  private idleWaiters: Array<() => void> = [];
  private readonly options: SiteBuilderOptions;
  /** Runs this builder's builds, and the previews', one at a time. */
  readonly astro: AstroRunner;
  private readonly strengthener: CopyStrengthener;

  constructor(options: SiteBuilderOptions) {
    this.options = options;
    this.astro = new AstroRunner(options);
    this.currentDir = path.join(options.outputRoot, 'current');
    this.strengthener = new CopyStrengthener({
      liveDir: this.currentDir,
      brotliQuality: options.brotliQuality,
      lowPriority: options.priority !== 'normal',
      log: options.log,
    });
    this.status = {
      state: 'idle',
      mode: options.mode,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
      nextRetryAt: null,
      lastDurationMs: null,
      lastPages: null,
      content: null,
      contentHeldBack: false,
    };
  }

  /** The status, with the content's launch checklist read on first use (it reads every content file). */
  async getStatus(): Promise<SiteBuildStatus> {
    // The builds' state as it is when asked: the check below lets a build move on meanwhile.
    const { posts, content } = this.notLive;
    const status = { ...this.status, notLive: { posts: posts?.at ?? null, content: content?.at ?? null } };
    return { ...status, content: this.status.content ?? (await this.checkContent()) };
  }

  /** Posts or the content changed: the site rebuilds, and the status says the change is not live until a build with it is. */
  changed(change: SiteChange, reason: string, delayMs?: number): void {
    if (this.options.mode !== 'off') this.notLive[change] = { at: new Date().toISOString() };
    this.request(reason, delayMs);
  }

  /** Reads the content folder's launch checklist again (on first use, when it changes, before each build), in the checking process. */
  async checkContent(): Promise<ContentReport> {
    const report = await this.options.contentChecker.check(this.options.contentDir, { strict: this.options.contentStrict });
    this.status.content = report;
    return report;
  }

  /**
   * Asks for a rebuild. A change after a quiet spell is built at once; changes that follow a
   * build (or arrive during one) are gathered into one more, which waits after the last for the
   * debounce window or twice as long as that build took, whichever is longer, at most
   * `longestPauseMs`: builds take a third of the time at most, and a post is public within a minute.
   */
  request(reason: string, delayMs = this.quietDelay()): void {
    if (this.options.mode === 'off') return;
    this.cancelRetry();
    this.schedule(reason, delayMs);
  }

  private schedule(reason: string, delayMs: number): void {
    if (this.running) {
      this.options.log.info({ reason }, `site rebuild requested (${reason}), after the build under way`);
      this.pendingAfterRun = true;
      return;
    }
    this.options.log.info({ reason, delayMs }, `site rebuild requested (${reason}), in ${(delayMs / 1000).toFixed(1)} s`);
    clearTimeout(this.timer);
    this.status.state = 'scheduled';
    this.timer = setTimeout(() => this.run(), delayMs);
    this.timer.unref();
  }

  private quietDelay(): number {
    const proportionalPause = Math.min(pauseAfterBuild * (this.status.lastDurationMs ?? 0), this.options.longestPauseMs);
    const pause = Math.max(this.options.debounceMs, proportionalPause);
    return Math.max(0, this.lastFinishedAt + pause - Date.now());
  }

  /** Resolves when no build is scheduled or running. */
  whenIdle(): Promise<void> {
    if (this.status.state === 'idle') return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.cancelRetry();
    clearTimeout(this.timer);
    this.pendingAfterRun = false;
    await this.running;
    await this.astro.close();
    await this.strengthener.pause();
  }

  /**
   * A job of the runner (a build, a preview), the strengthening of the live build's brotli
   * copies paused meanwhile: the job has the CPU, and the live build may change under it.
   */
  private job<T>(task: () => Promise<T>): Promise<T> {
    return this.astro.exclusive(async () => {
      await this.strengthener.pause();
      try {
        return await task();
      } finally {
        await this.strengthener.resume();
      }
    });
  }

  private run(): void {
    this.timer = undefined;
    this.status.state = 'building';
    const started = Date.now();
    const included = { ...this.notLive };
    // Posts alone changed: the warm renderer may publish them without a build (docs/decisions/0041).
    const postsOnly = included.posts !== null && included.content === null;
    this.running = (this.options.mode === 'hook' ? this.callDeployHook().then(() => null) : this.buildLocally(postsOnly))
      .then(
        (pages) => {
          this.status.lastSuccessAt = new Date().toISOString();
          this.status.lastError = null;
          this.failuresInARow = 0;
          this.status.lastPages = pages;
          this.markLive(included);
          const durationMs = Date.now() - started;
          this.options.log.info(
            { durationMs, pages },
            pages
              ? `site rebuilt in ${(durationMs / 1000).toFixed(1)} s: ${pages.rendered} pages rendered, ${pages.reused} reused`
              : `site rebuild asked of the deploy hook in ${(durationMs / 1000).toFixed(1)} s`,
          );
        },
        (error: Error) => {
          this.status.lastFailureAt = new Date().toISOString();
          this.status.lastError = failureCause(error);
          this.options.log.error({ err: error }, 'site rebuild failed; the previous site stays online');
        },
      )
      .finally(() => {
        this.status.lastDurationMs = Date.now() - started;
        this.lastFinishedAt = Date.now();
        this.running = undefined;
        if (this.pendingAfterRun) {
          this.pendingAfterRun = false;
          this.request('changes during the previous build');
          return;
        }
        if (this.status.lastError !== null) this.scheduleRetry();
        this.status.state = 'idle';
        for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
  }

  /** After a failed build: the next delay of the backoff, until they are used up. */
  private scheduleRetry(): void {
    const delayMs = (this.options.retryDelaysMs ?? defaultRetryDelaysMs)[this.failuresInARow];
    if (delayMs === undefined) return;
    this.failuresInARow += 1;
    this.status.nextRetryAt = new Date(Date.now() + delayMs).toISOString();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.status.nextRetryAt = null;
      this.schedule('retry after a failed build', 0);
    }, delayMs);
    this.retryTimer.unref();
  }

  /** A change or "Republish site" builds now, and starts the backoff again should that build fail. */
  private cancelRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.status.nextRetryAt = null;
    this.failuresInARow = 0;
  }

  /** The changes a successful build included are live, but for content it held back. */
  private markLive(included: Changes): void {
    if (this.notLive.posts === included.posts) this.notLive.posts = null;
    if (this.notLive.content === included.content && !this.status.contentHeldBack) this.notLive.content = null;
  }

  private async callDeployHook(): Promise<void> {
    const url = this.options.deployHookUrl;
    if (!url) throw new Error('SITE_DEPLOY_HOOK_URL is not set');
    const response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(30_000) });
    if (!response.ok) {
      const answer = `${response.status} ${response.statusText}`;
      throw new SiteBuildFailure(`the hosting service's deploy hook answered ${answer}`, `Deploy hook answered ${answer}`);
    }
  }

  /**
   * Astro writes every build to the same `building/` directory (its output path is part of what
   * its incremental build compares, with its cache in `cache/`), then the finished build moves
   * to `builds/<id>`.
   */
  private buildLocally(postsOnly: boolean): Promise<PageCounts> {
    return this.job(() => this.buildLocallyNow(postsOnly));
  }

  private async buildLocallyNow(postsOnly: boolean): Promise<PageCounts> {
    const buildsDir = path.join(this.options.outputRoot, 'builds');
    const buildingDir = path.join(this.options.outputRoot, 'building');
    await mkdir(buildsDir, { recursive: true });
    await rm(buildingDir, { recursive: true, force: true });
    const id = `${Date.now()}`;
    const outDir = path.join(buildsDir, id);
    let pages: PageCounts;
    try {
      pages = (postsOnly && (await this.renderPosts(buildingDir))) || (await this.buildContent(buildingDir));
      await rename(buildingDir, outDir);
      await this.options.publish?.(outDir);
    } catch (error) {
      await Promise.all([buildingDir, outDir].map((dir) => rm(dir, { recursive: true, force: true })));
      throw error;
    }
    const link = `${this.currentDir}.${id}.tmp`;
    await symlink(path.join('builds', id), link);
    await rename(link, this.currentDir);
    await this.removeOldBuilds(buildsDir, id);
    return pages;
  }

  /**
   * Publishes a change of posts with the renderer the last build left loaded: into a copy of the
   * live site made of hard links, the pages the change touches rendered anew. Undefined when it
   * cannot (no renderer, or it failed): a build does it.
   */
  private async renderPosts(buildingDir: string): Promise<PageCounts | undefined> {
    if (!this.astro.rendersLive || !existsSync(this.currentDir)) return undefined;
    try {
      await linkTree(this.currentDir, buildingDir);
      const pages = await this.astro.render(this.liveBuild(buildingDir));
      this.options.log.info({ pages }, 'posts published by the renderer, without a build');
      return pages;
    } catch (error) {
      this.options.log.warn({ err: error }, 'the posts could not be rendered on their own; building the site');
      await rm(buildingDir, { recursive: true, force: true });
      return undefined;
    }
  }

  /**
   * Builds from a copy of the content folder in `content/` (a fixed path, as Astro's cache
   * compares paths). Content that cannot go live (the check finds an error, or the build
   * fails on it) is held back: the site is built from `content-live/`, the last content that
   * built, so posts still publish, and the status names the file and field to fix.
   */
  private async buildContent(buildingDir: string): Promise<PageCounts> {
    const buildContent = path.join(this.options.outputRoot, 'content');
    const liveContent = path.join(this.options.outputRoot, 'content-live');
    const report = await this.checkContent();
    const canFallBack = existsSync(liveContent);
    if (report.blocking && !canFallBack)
      throw new SiteBuildFailure(contentCheckCause(report), `The content cannot go live:\n${formatReport(report)}`);
    this.status.contentHeldBack = report.blocking;
    await copyFolder(report.blocking ? liveContent : this.options.contentDir, buildContent);
    try {
      const pages = await this.runAstroBuild(buildingDir);
      if (!report.blocking) await copyFolder(buildContent, liveContent);
      return pages;
    } catch (error) {
      if (report.blocking || !canFallBack) throw error;
      this.options.log.warn(
        { err: error },
        'the site does not build with the new content; building with the last content that did',
      );
      this.status.contentHeldBack = true;
      this.status.content = { ...report, blocking: true, problems: [...report.problems, buildProblem(error as Error)] };
      await copyFolder(liveContent, buildContent);
      await rm(buildingDir, { recursive: true, force: true });
      return this.runAstroBuild(buildingDir);
    }
  }

  /**
   * The live build lends its unchanged files' compressed copies, named by the link to it: every
   * build of this builder has the same settings, so a warm build process serves them all.
   * Resolves with how many pages Astro rendered and how many it reused from its cache.
   */
  private runAstroBuild(outDir: string, live = true): Promise<PageCounts> {
    return this.astro.build({ ...this.liveBuild(outDir), live });
  }

  /** A build of the live site into `outDir`: every build and render of this builder has these settings. */
  private liveBuild(outDir: string): AstroBuild {
    const { outputRoot } = this.options;
    return {
      outDir,
      previousBuild: this.currentDir,
      contentDir: path.join(outputRoot, 'content'),
      cacheDir: path.join(outputRoot, 'cache'),
    };
  }

  /**
   * Builds the site as it would be with `files` written over the content, into `into`: in the
   * builder's own folders and cache, between its builds (a preview after a change renders only
   * what differs, and a save that matches the preview reuses its pages), never published.
   */
  buildPreview(files: ReadonlyArray<{ file: string; text: string | undefined }>, into: string): Promise<PageCounts> {
    return this.job(async () => {
      const buildContent = path.join(this.options.outputRoot, 'content');
      const buildingDir = path.join(this.options.outputRoot, 'building');
      await copyFolder(this.options.contentDir, buildContent);
      for (const { file, text } of files) await writeOver(buildContent, file, text);
      await rm(buildingDir, { recursive: true, force: true });
      const pages = await this.runAstroBuild(buildingDir, false);
      await mkdir(path.dirname(into), { recursive: true });
      await rename(buildingDir, into);
      return pages;
    });
  }

  private async removeOldBuilds(buildsDir: string, keep: string): Promise<void> {
    const builds = (await readdir(buildsDir)).filter((name) => /^\d+$/.test(name)).sort();
    const old = builds.filter((name) => name !== keep).slice(0, Math.max(0, builds.length - buildsKept));
    await Promise.all(old.map((name) => rm(path.join(buildsDir, name), { recursive: true, force: true })));
  }
}

/** A build that failed on content the check let through: Astro's message names the file. */
function buildProblem(error: Error): ContentReport['problems'][number] {
  const line = firstMeaningfulLine(error instanceof SiteBuildFailure ? error.output : error.message) ?? error.name;
  return {
    kind: 'error',
    file: /content\/[\w/-]+\.(md|ya?ml)/.exec(line)?.[0] ?? 'content/',
    field: '',
    message: `le site ne se construit pas avec ce fichier\u00a0: ${line}`,
  };
}
