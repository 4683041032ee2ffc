import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { atLowPriority, PageCounter, type PageCounts } from './astro-process.ts';
import { BuildOutput, buildOutputCause, SiteBuildFailure } from './build-failure.ts';

export interface WarmBuildOptions {
  /** The Astro project, whose `build-worker.mjs` runs the builds. */
  siteSourceDir: string;
  /** The worker's working directory (Astro bundles the pages under it): kept while it lives. */
  workDir: string;
  /** Below the API's CPU priority (docs/decisions/0029). */
  lowPriority: boolean;
  /** How long the worker stays loaded after a build; then it stops and its memory is the system's again. */
  warmMs: number;
}

/** A worker past this resident memory after a build is stopped, and the next build starts a fresh one. */
const recycleAboveBytes = 1.5 * 1024 ** 3;
const endLine = '@@cfp-build ';
/** How long a stopped worker may take to finish its build and exit. */
const stopGraceMs = 120_000;

interface BuildUnderWay {
  output: BuildOutput;
  pages: PageCounter;
  resolve: (pages: PageCounts) => void;
  reject: (error: Error) => void;
  stopOnFailure: boolean;
}

/**
 * The site's builds in one long-lived process (site/build-worker.mjs) while publishes follow one
 * another: the first pays Astro's and Vite's start-up, the next ones only their own pages. A
 * worker serves one environment: a build with another starts a new worker. It stops after
 * `warmMs` without a build, after a failed build, or grown past `recycleAboveBytes`.
 */
export class WarmBuild {
  private child: ChildProcessWithoutNullStreams | undefined;
  private environment = '';
  private rendersOver = false;
  private underWay: BuildUnderWay | undefined;
  private partial = '';
  private idleTimer: NodeJS.Timeout | undefined;
  /** A worker being stopped: the next one waits for it, as they share the working directory. */
  private stopping: Promise<void> = Promise.resolve();
  private readonly options: WarmBuildOptions;

  constructor(options: WarmBuildOptions) {
    this.options = options;
  }

  get workDir(): string {
    return this.options.workDir;
  }

  /**
   * Builds the site with `env`; one build at a time (AstroRunner's queue sees to it). The build's
   * renderer stays loaded; with `rendersOver`, `render` may then publish posts over its site.
   */
  async build(env: Record<string, string>, rendersOver = false): Promise<PageCounts> {
    clearTimeout(this.idleTimer);
    await this.stopping;
    const environment = JSON.stringify(env);
    if (this.child && environment !== this.environment) await this.stop();
    const child = this.child ?? (await this.start(env, environment));
    this.rendersOver = false;
    const pages = await this.run(child, 'build', true);
    this.rendersOver = rendersOver;
    return pages;
  }

  /** Whether the worker's last build, a site posts can be published over, left its renderer loaded. */
  get holdsRenderer(): boolean {
    return this.child !== undefined && this.rendersOver;
  }

  /**
   * Renders the pages a change of posts touches into `siteDir`, a copy of the site of the last
   * build (site/src/lib/publish-renderer.ts), with the environment of that build.
   */
  async render(env: Record<string, string>, siteDir: string): Promise<PageCounts> {
    clearTimeout(this.idleTimer);
    const child = this.child;
    if (!child || !this.rendersOver || JSON.stringify(env) !== this.environment)
      throw new Error('the build process holds no renderer for this site');
    this.rendersOver = false;
    const pages = await this.run(child, `render ${siteDir}`);
    this.rendersOver = true;
    return pages;
  }

  /** A failed build stops the worker (what it holds is in doubt); a failed render leaves it to build. */
  private run(child: ChildProcessWithoutNullStreams, command: string, stopOnFailure = false): Promise<PageCounts> {
    return new Promise((resolve, reject) => {
      this.underWay = { output: new BuildOutput(), pages: new PageCounter(), resolve, reject, stopOnFailure };
      child.stdin.write(`${command}\n`);
    });
  }

  /** Stops the worker (it ends once its stdin closes, its build done) and frees its working directory. */
  stop(): Promise<void> {
    clearTimeout(this.idleTimer);
    const child = this.child;
    this.child = undefined;
    const previous = this.stopping;
    this.stopping = (async () => {
      await previous;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin.end();
        // A build under way ends first; one that hangs does not hold the next for ever.
        const kill = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
        await exited;
        clearTimeout(kill);
      }
      await rm(this.options.workDir, { recursive: true, force: true });
    })();
    return this.stopping;
  }

  private async start(env: Record<string, string>, environment: string): Promise<ChildProcessWithoutNullStreams> {
    const { siteSourceDir, workDir, lowPriority } = this.options;
    // A worker killed with the API leaves its folder: its bundle, and the link to it a render follows.
    await rm(workDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true });
    const worker: [string, string[]] = [process.execPath, [path.join(siteSourceDir, 'build-worker.mjs'), siteSourceDir]];
    const [command, args] = lowPriority ? atLowPriority(...worker) : worker;
    const child = spawn(command, args, { cwd: workDir, env, stdio: 'pipe' });
    this.child = child;
    this.environment = environment;
    this.rendersOver = false;
    this.partial = '';
    child.stdout.on('data', (chunk: Buffer) => this.read(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => this.underWay?.output.add(chunk.toString()));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      this.fail(`the build process stopped (${signal ?? `code ${code}`})`);
    });
    child.on('error', (error) => this.fail(error.message));
    return child;
  }

  private read(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith(endLine)) this.end(line.slice(endLine.length));
      else {
        this.underWay?.output.add(`${line}\n`);
        this.underWay?.pages.read(`${line}\n`);
      }
    }
  }

  private end(outcome: string): void {
    const build = this.underWay;
    if (!build) return;
    if (!outcome.startsWith('ok')) {
      this.fail('astro build failed');
      if (build.stopOnFailure) void this.stop();
      return;
    }
    this.underWay = undefined;
    const { rss = 0, ...counted } = JSON.parse(outcome.slice(2).trim() || '{}') as { rss?: number } & Partial<PageCounts>;
    const counts = build.pages.counts();
    build.resolve({ rendered: counted.rendered ?? counts.rendered, reused: counted.reused ?? counts.reused });
    if (rss > recycleAboveBytes) void this.stop();
    else this.idleTimer = setTimeout(() => void this.stop(), this.options.warmMs).unref();
  }

  private fail(reason: string): void {
    const build = this.underWay;
    if (!build) return;
    this.underWay = undefined;
    const output = build.output.text();
    build.reject(new SiteBuildFailure(buildOutputCause(output, reason), `${reason}: ${build.output.lastLines(8)}`, output));
  }
}
