import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { getPriority } from 'node:os';
import path from 'node:path';
import { scaled } from '@cfp/test-support/time-scale';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, temporaryDirectory, testConfig } from './helper.ts';
import { contentFixture } from './support/content-repository.ts';
import { testSiteBuilder } from './support/site-builder.ts';

const siteBuilder = testSiteBuilder;

/** A stand-in for Astro's CLI in a site source, resolved from it as the real one is, running `script`. */
function standInAstro(source: string, script: string) {
  writeFileSync(path.join(source, 'package.json'), '{"name":"site","type":"module"}');
  mkdirSync(path.join(source, 'node_modules', 'astro', 'bin'), { recursive: true });
  writeFileSync(path.join(source, 'node_modules', 'astro', 'package.json'), '{"name":"astro","type":"module"}');
  writeFileSync(path.join(source, 'node_modules', 'astro', 'bin', 'astro.mjs'), script);
}

describe('local site build failure', () => {
  it('leaves the previous site online and reports the error', async () => {
    const outputRoot = temporaryDirectory();
    mkdirSync(path.join(outputRoot, 'builds', '1'), { recursive: true });
    writeFileSync(path.join(outputRoot, 'builds', '1', 'index.html'), '<h1>Site en ligne</h1>');
    symlinkSync(path.join('builds', '1'), path.join(outputRoot, 'current'));

    // A site source without its dependencies: `astro build` cannot even start.
    const brokenSource = temporaryDirectory();
    writeFileSync(path.join(brokenSource, 'package.json'), '{"name":"broken-site","type":"module"}');

    const builder = siteBuilder({
      siteSourceDir: brokenSource,
      outputRoot,
      systemEnv: {},
    });
    builder.request('test', 0);
    await builder.whenIdle();

    expect(readlinkSync(path.join(outputRoot, 'current'))).toBe(path.join('builds', '1'));
    expect(readFileSync(path.join(outputRoot, 'current', 'index.html'), 'utf8')).toContain('Site en ligne');
    expect(await builder.getStatus()).toMatchObject({
      state: 'idle',
      lastSuccessAt: null,
      lastError: expect.stringMatching(/astro/i),
    });
  });
});

describe('where the site is built', () => {
  it('goes to SITE_DIR when set, outside the data directory, so a web server can mount it alone', async () => {
    const siteDir = path.join(temporaryDirectory(), 'site');
    const app = await buildTestApp({ env: { SITE_DIR: siteDir } });
    expect(app.siteBuilder.currentDir).toBe(path.join(siteDir, 'current'));
    expect(existsSync(siteDir)).toBe(true);
    expect(existsSync(path.join(app.config.dataDir, 'site'))).toBe(false);
    await app.close();
  });
});

describe('what the site build may see', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("passes the build its own settings and PATH, never the API's secrets", async () => {
    // It writes down its environment, then fails.
    const source = temporaryDirectory();
    const seen = path.join(source, 'environment.json');
    standInAstro(
      source,
      `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(seen)}, JSON.stringify(process.env)); process.exit(1);`,
    );
    const secrets = {
      JWT_SECRET: 's'.repeat(40),
      ADMIN_PASSWORD: 'a long and secret passphrase',
      SMTP_URL: 'smtp://user:secret@127.0.0.1:2525',
      MAIL_FROM: 'no-reply@centre.test',
      CONTACT_INBOX: 'accueil@centre.test',
    };
    // In the API's own environment, as in production.
    for (const [name, value] of Object.entries(secrets)) vi.stubEnv(name, value);
    const config = testConfig({ ...secrets, PATH: process.env.PATH ?? '/usr/bin' });
    const builder = siteBuilder({
      siteSourceDir: source,
      outputRoot: temporaryDirectory(),
      publicSiteUrl: config.publicUrls.site,
      systemEnv: config.systemEnv,
      brotliQuality: 7,
    });
    builder.request('test', 0);
    await builder.whenIdle();

    const environment = JSON.parse(readFileSync(seen, 'utf8')) as Record<string, string>;
    expect(environment).toMatchObject({
      SITE_API_URL: 'http://127.0.0.1:9/api',
      SITE_BROTLI_QUALITY: '7',
      NODE_ENV: 'production',
      PATH: process.env.PATH,
    });
    for (const [name, value] of Object.entries(secrets)) {
      expect(environment[name], name).toBeUndefined();
      expect(Object.values(environment), name).not.toContain(value);
    }
  });
});

describe('when a change is built', () => {
  it('builds a change after a quiet spell at once, and gathers the changes that follow into one more build', async () => {
    // It notes each run and writes a page.
    const source = temporaryDirectory();
    const runs = path.join(source, 'runs.txt');
    standInAstro(
      source,
      `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
       appendFileSync(${JSON.stringify(runs)}, 'run\\n');
       mkdirSync(process.env.SITE_OUT_DIR, { recursive: true });
       writeFileSync(process.env.SITE_OUT_DIR + '/index.html', '<h1>Accueil</h1>');`,
    );
    const builder = siteBuilder({
      debounceMs: 60_000,
      siteSourceDir: source,
      outputRoot: temporaryDirectory(),
    });
    const runCount = () => (existsSync(runs) ? readFileSync(runs, 'utf8').split('\n').filter(Boolean).length : 0);

    builder.request('a post was published');
    // Well before the minute-long window could have passed.
    await vi.waitFor(
      async () =>
        expect(await builder.getStatus()).toMatchObject({ state: 'idle', lastError: null, lastSuccessAt: expect.any(String) }),
      {
        timeout: scaled(20_000),
        interval: 100,
      },
    );
    expect(runCount()).toBe(1);
    expect(readFileSync(path.join(builder.currentDir, 'index.html'), 'utf8')).toContain('Accueil');

    builder.request('a second change');
    builder.request('a third change');
    expect((await builder.getStatus()).state).toBe('scheduled');
    expect(runCount()).toBe(1);
    await builder.close();
  });
});

describe('changes not on the site yet', () => {
  it('a post change waits through a failed build and is live once a build with it succeeds', async () => {
    const source = temporaryDirectory();
    const failing = path.join(source, 'failing');
    standInAstro(
      source,
      `import { existsSync, mkdirSync } from 'node:fs';
       if (existsSync(${JSON.stringify(failing)})) process.exit(1);
       mkdirSync(process.env.SITE_OUT_DIR, { recursive: true });`,
    );
    const builder = siteBuilder({ siteSourceDir: source, outputRoot: temporaryDirectory() });
    expect((await builder.getStatus()).notLive).toEqual({ posts: null, content: null });

    writeFileSync(failing, '');
    builder.changed('posts', 'a post was published', 0);
    const saved = (await builder.getStatus()).notLive.posts;
    expect(saved).toEqual(expect.any(String));
    await builder.whenIdle();
    expect(await builder.getStatus()).toMatchObject({ lastSuccessAt: null, notLive: { posts: saved, content: null } });

    rmSync(failing);
    builder.request('asked by Aline', 0);
    await builder.whenIdle();
    expect(await builder.getStatus()).toMatchObject({
      lastSuccessAt: expect.any(String),
      notLive: { posts: null, content: null },
    });
  });
});

describe('content that cannot go live', () => {
  it('is held back: the site is built from the last content that built, and the status names the file and field', async () => {
    // It writes the programme's title line, read from the content folder it is given.
    const source = temporaryDirectory();
    standInAstro(
      source,
      `import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
       const programme = readFileSync(process.env.SITE_CONTENT_DIR + '/formations/soudure.md', 'utf8');
       mkdirSync(process.env.SITE_OUT_DIR, { recursive: true });
       writeFileSync(process.env.SITE_OUT_DIR + '/soudure.html', /^title: .*$/m.exec(programme)[0]);`,
    );
    const content = temporaryDirectory();
    cpSync(contentFixture(), content, { recursive: true });
    const soudure = path.join(content, 'formations', 'soudure.md');
    const original = readFileSync(soudure, 'utf8');
    const outputRoot = temporaryDirectory();
    const builder = siteBuilder({
      siteSourceDir: source,
      outputRoot,
      contentDir: content,
    });
    const build = async () => {
      builder.changed('content', 'test', 0);
      await builder.whenIdle();
      return readFileSync(path.join(outputRoot, 'current', 'soudure.html'), 'utf8');
    };

    writeFileSync(soudure, original.replace(/^title: .*$/m, 'title: "Soudure et métallerie"'));
    expect((await builder.getStatus()).notLive.content).toBeNull();
    expect(await build()).toBe('title: "Soudure et métallerie"');

    writeFileSync(
      soudure,
      original.replace(/^title: .*$/m, 'title: "Soudure cassée"').replace(/^durationMonths: .*$/m, 'durationMonths: 90'),
    );
    expect(await build()).toBe('title: "Soudure et métallerie"');
    const held = await builder.getStatus();
    expect(held).toMatchObject({ contentHeldBack: true, lastError: null, notLive: { posts: null, content: expect.any(String) } });
    expect(held.content?.problems).toContainEqual(
      expect.objectContaining({ kind: 'error', file: 'content/formations/soudure.md', field: 'durationMonths' }),
    );

    writeFileSync(soudure, original);
    expect(await build()).toBe(/^title: .*$/m.exec(original)?.[0]);
    expect(await builder.getStatus()).toMatchObject({ contentHeldBack: false, notLive: { content: null } });
  });

  it('that the check lets through but the build refuses is held back too', async () => {
    // Astro refuses what only it can see (a broken markdown body): the build names the file.
    const source = temporaryDirectory();
    standInAstro(
      source,
      `import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
       const programme = readFileSync(process.env.SITE_CONTENT_DIR + '/formations/soudure.md', 'utf8');
       if (programme.includes('<<<')) { console.error('[MarkdownError] content/formations/soudure.md: unexpected <<<'); process.exit(1); }
       mkdirSync(process.env.SITE_OUT_DIR, { recursive: true });
       writeFileSync(process.env.SITE_OUT_DIR + '/soudure.html', 'ok');`,
    );
    const content = temporaryDirectory();
    cpSync(contentFixture(), content, { recursive: true });
    const outputRoot = temporaryDirectory();
    const builder = siteBuilder({
      siteSourceDir: source,
      outputRoot,
      contentDir: content,
    });
    builder.request('first', 0);
    await builder.whenIdle();
    appendFileSync(path.join(content, 'formations', 'soudure.md'), '\n<<<\n');
    builder.request('broken body', 0);
    await builder.whenIdle();
    const status = await builder.getStatus();
    expect(status).toMatchObject({ contentHeldBack: true, lastError: null });
    expect(status.content?.problems).toContainEqual(
      expect.objectContaining({ kind: 'error', file: 'content/formations/soudure.md' }),
    );
    expect(readFileSync(path.join(outputRoot, 'current', 'soudure.html'), 'utf8')).toBe('ok');
  });
});

describe('symbolic links in the content folder', () => {
  it('are refused by the check and never followed: nothing they point to is copied for the build', async () => {
    const source = temporaryDirectory();
    const seen = path.join(source, 'seen.json');
    standInAstro(
      source,
      `import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
       writeFileSync(${JSON.stringify(seen)}, JSON.stringify(readdirSync(process.env.SITE_CONTENT_DIR, { recursive: true })));
       mkdirSync(process.env.SITE_OUT_DIR, { recursive: true });`,
    );
    const outside = temporaryDirectory();
    writeFileSync(path.join(outside, 'secret.txt'), 'not content');
    const content = temporaryDirectory();
    cpSync(contentFixture(), content, { recursive: true });
    const outputRoot = temporaryDirectory();
    const builder = siteBuilder({ siteSourceDir: source, outputRoot, contentDir: content });
    builder.request('first', 0);
    await builder.whenIdle();

    symlinkSync(outside, path.join(content, 'documents'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(content, 'pages', 'extra.md'));
    builder.changed('content', 'links added', 0);
    await builder.whenIdle();

    const copied = JSON.parse(readFileSync(seen, 'utf8')) as string[];
    expect(copied.filter((file) => /^documents|secret\.txt|extra\.md/.test(file))).toEqual([]);
    expect(await builder.getStatus()).toMatchObject({ contentHeldBack: true, lastError: null });
    expect((await builder.getStatus()).content?.problems).toEqual(
      expect.arrayContaining(
        ['content/documents', 'content/pages/extra.md'].map((file) =>
          expect.objectContaining({
            kind: 'error',
            file,
            message: expect.stringMatching(/^lien symbolique\u00a0: le site ne le suit pas/),
          }),
        ),
      ),
    );
  });
});

describe('a failed build', () => {
  /** Astro's stand-in: fails (with the output of a failed build, stack frames included) while `failures` says so. */
  function failingAstro(source: string, failures: string) {
    standInAstro(
      source,
      `import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
       appendFileSync(${JSON.stringify(path.join(source, 'runs.txt'))}, 'run\\n');
       const left = existsSync(${JSON.stringify(failures)}) ? Number(readFileSync(${JSON.stringify(failures)}, 'utf8')) : 0;
       if (left > 0) {
         writeFileSync(${JSON.stringify(failures)}, String(left - 1));
         console.log('12:00:01 [build] output: "static"');
         console.error('12:00:02 [ERROR] [vite] ✗ Build failed in 1.20s');
         console.error('Could not resolve "../components/Hero.astro" from "src/pages/index.astro"');
         console.error('  Stack trace:');
         console.error('    at file:///srv/site/node_modules/vite/dist/node/chunks/dep.js:1:1');
         process.exit(1);
       }
       mkdirSync(process.env.SITE_OUT_DIR, { recursive: true });`,
    );
  }
  const runsOf = (source: string) => readFileSync(path.join(source, 'runs.txt'), 'utf8').split('\n').filter(Boolean).length;

  it('says why in plain words, never a stack frame, and is retried by itself until it succeeds', async () => {
    const source = temporaryDirectory();
    const failures = path.join(source, 'failures');
    failingAstro(source, failures);
    writeFileSync(failures, '1');
    const builder = siteBuilder({ siteSourceDir: source, outputRoot: temporaryDirectory(), retryDelaysMs: [200] });

    builder.changed('posts', 'a post was published', 0);
    await builder.whenIdle();
    const failed = await builder.getStatus();
    expect(failed).toMatchObject({
      state: 'idle',
      lastSuccessAt: null,
      lastError: 'the build stopped: Could not resolve "../components/Hero.astro" from "src/pages/index.astro"',
      nextRetryAt: expect.any(String),
    });

    await vi.waitFor(async () => expect((await builder.getStatus()).lastSuccessAt).toEqual(expect.any(String)), {
      timeout: scaled(20_000),
    });
    expect(await builder.getStatus()).toMatchObject({ lastError: null, nextRetryAt: null, notLive: { posts: null } });
    expect(runsOf(source)).toBe(2);
  });

  it('is retried a bounded number of times, and a new change starts the retries again', async () => {
    const source = temporaryDirectory();
    const failures = path.join(source, 'failures');
    failingAstro(source, failures);
    writeFileSync(failures, '10');
    const builder = siteBuilder({ siteSourceDir: source, outputRoot: temporaryDirectory(), retryDelaysMs: [10, 20] });

    builder.request('asked by Aline', 0);
    await vi.waitFor(
      async () => {
        expect(runsOf(source)).toBe(3);
        expect(await builder.getStatus()).toMatchObject({ state: 'idle', nextRetryAt: null });
      },
      { timeout: scaled(20_000) },
    );

    builder.changed('content', 'content changed', 0);
    await builder.whenIdle();
    expect(runsOf(source)).toBe(4);
    expect((await builder.getStatus()).nextRetryAt).toEqual(expect.any(String));
    await builder.close();
  });
});

describe('builds leave the API room', () => {
  /** Linux's scheduling policies, as /proc shows them. */
  const [schedOther, schedIdle] = [0, 5];
  /**
   * A stand-in build that works for `buildMs`, noting when it started and ended, at which CPU
   * priority it ran and in which scheduling class (field 41 of /proc/self/stat; 5 is SCHED_IDLE).
   */
  function timedBuild(buildMs: number) {
    const source = temporaryDirectory();
    const runs = path.join(source, 'runs.jsonl');
    standInAstro(
      source,
      `import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
       import { getPriority } from 'node:os';
       const startedAt = Date.now();
       while (Date.now() < startedAt + ${buildMs}) Math.sqrt(startedAt);
       mkdirSync(process.env.SITE_OUT_DIR, { recursive: true });
       const policy = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[38]);
       appendFileSync(${JSON.stringify(runs)}, JSON.stringify({ startedAt, endedAt: Date.now(), priority: getPriority(), policy }) + '\\n');`,
    );
    const readRuns = (): Array<{ startedAt: number; endedAt: number; priority: number; policy: number }> =>
      existsSync(runs)
        ? readFileSync(runs, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line))
        : [];
    return { source, readRuns };
  }

  it('runs the build at the lowest CPU priority, in the idle class, and the next one no sooner than twice what the last one took', async () => {
    const { source, readRuns } = timedBuild(400);
    const builder = siteBuilder({ debounceMs: 0, siteSourceDir: source, outputRoot: temporaryDirectory(), priority: 'idle' });
    builder.request('a post was published');
    await vi.waitFor(async () => expect(readRuns()).toHaveLength(1), { timeout: scaled(20_000), interval: 50 });
    // Published during the first build and just after it: gathered into one more build, after a pause.
    builder.request('a second post');
    await vi.waitFor(async () => expect((await builder.getStatus()).state).not.toBe('building'), {
      timeout: scaled(20_000),
      interval: 20,
    });
    builder.request('a third post');
    await builder.whenIdle();
    await vi.waitFor(async () => expect(readRuns()).toHaveLength(2), { timeout: scaled(20_000), interval: 50 });
    const [first, second] = readRuns();
    const lastDurationMs = (await builder.getStatus()).lastDurationMs ?? 0;
    expect(lastDurationMs).toBeGreaterThanOrEqual(400);
    expect(second?.startedAt ?? 0).toBeGreaterThanOrEqual((first?.endedAt ?? 0) + 2 * 400);
    // The idle class where this system lets a process enter it (not every container does), the normal one otherwise.
    const policy = spawnSync('chrt', ['--idle', '0', 'true']).status === 0 ? schedIdle : schedOther;
    expect(readRuns().map((run) => ({ priority: run.priority, policy: run.policy }))).toEqual([
      { priority: 19, policy },
      { priority: 19, policy },
    ]);
    await builder.close();
  });

  it('runs the build at the API’s own priority when told to (SITE_BUILD_PRIORITY=normal, the tests’ products)', async () => {
    const { source, readRuns } = timedBuild(0);
    const builder = siteBuilder({ debounceMs: 0, siteSourceDir: source, outputRoot: temporaryDirectory(), priority: 'normal' });
    builder.request('start');
    await builder.whenIdle();
    expect(readRuns().map((run) => ({ priority: run.priority, policy: run.policy }))).toEqual([
      { priority: getPriority(), policy: schedOther },
    ]);
    await builder.close();
  });

  it('pauses no longer than its longest pause after a long build, so that a change is soon public', async () => {
    const { source, readRuns } = timedBuild(400);
    const logged: Array<{ msg: string; delayMs?: number }> = [];
    const log = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
    }).log;
    const builder = siteBuilder({
      debounceMs: 0,
      longestPauseMs: 150,
      siteSourceDir: source,
      outputRoot: temporaryDirectory(),
      log,
    });
    builder.request('start');
    await builder.whenIdle();
    builder.request('a post was published');
    await builder.whenIdle();
    const [first, second] = readRuns();
    const delays = logged.filter(({ msg }) => msg.startsWith('site rebuild requested')).map(({ delayMs }) => delayMs);
    expect(delays[0]).toBe(0);
    // Twice the 400 ms build would be 800 ms; measured from the build's end, in the same tick.
    expect(delays[1]).toBeGreaterThan(100);
    expect(delays[1]).toBeLessThanOrEqual(150);
    expect(second?.startedAt ?? 0).toBeGreaterThanOrEqual((first?.endedAt ?? 0) + 100);
    await builder.close();
  });
});
