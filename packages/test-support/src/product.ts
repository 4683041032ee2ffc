import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiNodeFlags } from './api-process.ts';
import { fixtureContent, fixtureProgrammes } from './content-fixture.ts';
import { freePort } from './free-port.ts';
import { firstBuildWaitMs, waitFor } from './waiting.ts';

/** The brotli quality of the tests' site builds: see `startProduct`. */
export const testBrotliQuality = '5';

const workspaceRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The project's content/, for the few products that serve the real content (`fullContent`). */
export const repositoryContentDir = path.join(workspaceRoot, 'content');

export interface RunningProduct {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The fixture's site as a product builds it, built once (`buildFixtureSite` of fixture-site,
 * which e2e's global set-up runs): the content it was built from, and the product's site folder
 * after that build (DATA_DIR/site: `builds/`, the `current` link, Astro's cache and the content's copies).
 */
export interface PrebuiltSite {
  content: string;
  site: string;
}

export interface ProductOptions {
  /**
   * For a product that only serves its site (SITE_REBUILD=off): a copy of this site's live build
   * as its own, and of the content it was built from (unless `env` gives CONTENT_DIR). It serves
   * it at once and builds nothing. A product that builds makes its start-up build as `pnpm start`
   * does, and a copy would not make it cheaper: Astro's cache keys hold the site's address and
   * the build's paths, so a build in another data directory renders every page again (measured:
   * 86 files rendered, 0 reused, 14-15 CPU-s from a copy as from nothing).
   */
  prebuiltSite?: PrebuiltSite;
  /** The content it is given (CONTENT_DIR) is the whole content, built on purpose: see `refuseWholeContent`. */
  fullContent?: boolean;
}

/**
 * Starts the product exactly as `pnpm start` does (api/src/server.ts), on loopback with a fresh
 * data directory, on a free port or the PORT given (when its address must be known beforehand).
 * Its content is a fresh copy of the fixture (content-fixture), removed when it stops, unless
 * `env` gives CONTENT_DIR: a build of it costs about three quarters of one of content/.
 * A build that follows another starts as soon as the debounce allows: the pause that leaves the
 * API the CPU under a burst of publishes (tested in api/test/site-builder.test.ts) would only
 * hold each test up to 20 s per publish; a test that checks it passes its own value.
 * The builds write their brotli copies at quality 5, not production's 11: 11 more than doubles
 * a build's CPU (12 → 30 CPU-seconds for the site without posts) for files 9 % smaller, and only
 * the tests that weigh pages (startSiteWithPost) need production's bytes.
 */
export async function startProduct(env: Record<string, string> = {}, options: ProductOptions = {}): Promise<RunningProduct> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const rebuild = env.SITE_REBUILD ?? process.env.SITE_REBUILD;
  const ownContent = env.CONTENT_DIR ? undefined : productContent(options.prebuiltSite);
  const contentDir = env.CONTENT_DIR ?? (ownContent as string);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-e2e-'));
  const removeAll = () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (ownContent) rmSync(ownContent, { recursive: true, force: true });
  };
  try {
    if ('prebuiltSite' in options && !options.prebuiltSite)
      throw new Error("no prebuilt site: inject('fixtureSite') needs e2e/global-setup.ts in the project's globalSetup");
    refuseWholeContent(contentDir, rebuild, options.fullContent);
    if (options.prebuiltSite) copyLiveBuild(options.prebuiltSite.site, env.SITE_DIR ?? path.join(dataDir, 'site'), rebuild);
  } catch (error) {
    removeAll();
    throw error;
  }
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...apiNodeFlags(), 'api/src/server.ts'], {
    cwd: workspaceRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_REBUILD_LONGEST_PAUSE_MS: '0',
      // Production builds in the idle class, after the API; a test waits for the build, and on a
      // loaded machine an idle-class build may never get the CPU.
      SITE_BUILD_PRIORITY: 'normal',
      SITE_BROTLI_QUALITY: testBrotliQuality,
      ...env,
      CONTENT_DIR: contentDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    removeAll();
  };
  try {
    await waitFor(
      async () => (await fetch(`${url}/api/health`)).ok,
      30_000,
      () => `the API did not start:\n${output}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, output: () => output, stop };
}

/** The product's own content folder: a copy of the prebuilt site's content, or a fresh fixture. */
function productContent(prebuilt: PrebuiltSite | undefined): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'cfp-e2e-content-'));
  if (!prebuilt) return fixtureContent(directory);
  cpSync(prebuilt.content, directory, { recursive: true, preserveTimestamps: true });
  return directory;
}

/** The prebuilt site's live build into `target`, with its `current` link as it is (relative, to `builds/<id>`). */
function copyLiveBuild(source: string, target: string, rebuild: string | undefined): void {
  if (rebuild !== 'off')
    throw new Error('prebuiltSite is for a product that builds nothing (SITE_REBUILD=off): see ProductOptions');
  const live = readlinkSync(path.join(source, 'current'));
  mkdirSync(target, { recursive: true });
  cpSync(path.join(source, live), path.join(target, live), { recursive: true, preserveTimestamps: true });
  symlinkSync(live, path.join(target, 'current'));
}

/**
 * Every product that builds its site builds the fixture, or content no bigger: a build of
 * content/ costs a third more, for pages no test reads. A product that builds the whole content
 * on purpose (the tests about the real content: startSiteWithPost, which e2e/shared-site and
 * bench:site use) says so with `fullContent`; any other is refused before it starts.
 */
function refuseWholeContent(contentDir: string, rebuild = 'local', fullContent = false): void {
  if (rebuild !== 'local' || fullContent) return;
  const folder = path.join(contentDir, 'formations');
  const programmes = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.md')).length : 0;
  if (programmes > fixtureProgrammes.length)
    throw new Error(
      `this product would build ${programmes} programmes (${contentDir}), where the fixture has ${fixtureProgrammes.length}: leave CONTENT_DIR to startProduct (the fixture), or give it fullContent for a test about the real content`,
    );
}

/** Waits for a product's start-up build: until it is done, its site (at `siteUrl` when served apart) answers 503. */
export async function untilSiteBuilt(product: RunningProduct, siteUrl = product.url): Promise<void> {
  await waitFor(
    async () => (await fetch(`${siteUrl}/`)).status === 200,
    firstBuildWaitMs,
    () => `the site was never built:\n${product.output()}`,
  );
}
