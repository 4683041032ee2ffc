import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteBuildFailure } from '../src/site/build-failure.ts';
import { WarmBuild } from '../src/site/warm-build.ts';
import { temporaryDirectory } from './helper.ts';
import { waitUntil } from './support/waiting.ts';

/**
 * A stand-in for site/build-worker.mjs: notes its process id for each build, prints Astro's page
 * lines, and fails the builds asked while the file `failing` exists.
 */
function standInWorker() {
  const source = temporaryDirectory();
  const log = path.join(source, 'builds.log');
  const failing = path.join(source, 'failing');
  writeFileSync(
    path.join(source, 'build-worker.mjs'),
    `import { appendFileSync, existsSync } from 'node:fs';
     import { createInterface } from 'node:readline';
     for await (const line of createInterface({ input: process.stdin })) {
       appendFileSync(${JSON.stringify(log)}, process.pid + ' ' + process.env.SITE_OUT_DIR + '\\n');
       if (existsSync(${JSON.stringify(failing)})) {
         process.stderr.write('[ERROR] The blog cannot be built: the API cannot be reached\\n');
         process.stdout.write('\\n@@cfp-build failed\\n');
         continue;
       }
       process.stdout.write('  ├─ /faq.html (+3ms)\\n  ├─ /about.html (cached)\\n');
       process.stdout.write('\\n@@cfp-build ok {"rss":1000}\\n');
     }
     process.exit(0);`,
  );
  const pids = () =>
    readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ')[0]);
  return { source, failing, pids };
}

function warmBuild(source: string, warmMs = 60_000) {
  return new WarmBuild({ siteSourceDir: source, workDir: path.join(temporaryDirectory(), 'work'), lowPriority: false, warmMs });
}

/** Whether a process is alive: signal 0 checks without sending anything. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const env = (outDir: string) => ({ PATH: process.env.PATH ?? '/usr/bin', SITE_OUT_DIR: outDir });

describe('a build process kept warm', () => {
  it('runs the builds with one environment in one process, and counts the pages each rendered and reused', async () => {
    const { source, pids } = standInWorker();
    const builds = warmBuild(source);
    try {
      expect(await builds.build(env('a'))).toEqual({ rendered: 1, reused: 1 });
      expect(await builds.build(env('a'))).toEqual({ rendered: 1, reused: 1 });
      await builds.build(env('b'));
      const [first, second, third] = pids();
      expect(second).toBe(first);
      expect(third).not.toBe(first);
    } finally {
      await builds.stop();
    }
  });

  it('says why a build failed, and builds the next one in a fresh process', async () => {
    const { source, failing, pids } = standInWorker();
    const builds = warmBuild(source);
    try {
      writeFileSync(failing, '');
      const failure = await builds.build(env('a')).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SiteBuildFailure);
      expect((failure as SiteBuildFailure).plainCause).toBe(
        'the build stopped: The blog cannot be built: the API cannot be reached',
      );
      rmSync(failing);
      expect(await builds.build(env('a'))).toEqual({ rendered: 1, reused: 1 });
      const [first, second] = pids();
      expect(second).not.toBe(first);
    } finally {
      await builds.stop();
    }
  });

  it('lets its process go after the time it stays warm', async () => {
    const { source, pids } = standInWorker();
    const builds = warmBuild(source, 50);
    try {
      await builds.build(env('a'));
      const [warm = ''] = pids();
      await waitUntil(() => !running(Number(warm)), 'the warm process to stop');
      await builds.build(env('a'));
      const [first, second] = pids();
      expect(second).not.toBe(first);
    } finally {
      await builds.stop();
    }
  });
});
