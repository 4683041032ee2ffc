import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiNodeFlags } from './api-process.ts';
import { freePort } from './free-port.ts';
import { firstBuildWaitMs, waitFor } from './waiting.ts';

/** The brotli quality of the tests' site builds: see `startProduct`. */
export const testBrotliQuality = '5';

const workspaceRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningProduct {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the product exactly as `pnpm start` does (api/src/server.ts), on loopback with a fresh
 * data directory, on a free port or the PORT given (when its address must be known beforehand).
 * A build that follows another starts as soon as the debounce allows: the pause that leaves the
 * API the CPU under a burst of publishes (tested in api/test/site-builder.test.ts) would only
 * hold each test up to 20 s per publish; a test that checks it passes its own value.
 * The builds write their brotli copies at quality 5, not production's 11: 11 more than doubles
 * a build's CPU (12 → 30 CPU-seconds for the site without posts) for files 9 % smaller, and only
 * the tests that weigh pages (startSiteWithPost) need production's bytes.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cfp-e2e-'));
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
    rmSync(dataDir, { recursive: true, force: true });
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

/** Waits for a product's start-up build: until it is done, its site (at `siteUrl` when served apart) answers 503. */
export async function untilSiteBuilt(product: RunningProduct, siteUrl = product.url): Promise<void> {
  await waitFor(
    async () => (await fetch(`${siteUrl}/`)).status === 200,
    firstBuildWaitMs,
    () => `the site was never built:\n${product.output()}`,
  );
}
