import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * No retries and no fixed sleeps in tests: a test waits on a condition (a count of writes, an
 * element's state, an event, a clock it controls), never a fixed time, and a test that flakes
 * is a product or harness bug, not something to retry. Timers live in each package's one
 * waiting helper (a bounded re-check of a condition, a deadline that fails), allowed below.
 */

const root = fileURLToPath(new URL('../', import.meta.url));

/** Test files anywhere, and the folders that hold the tests' support code. */
const testFile = /(^|\/)[^/]+\.test\.(ts|tsx|mts|js|mjs)$/;
const supportFolders = [
  /^api\/test\//,
  /^admin\/test\//,
  /^site\/test\//,
  /^packages\/[^/]+\/test\//,
  /^e2e\//,
  /^packages\/test-support\/src\//,
];
const vitestConfig = /(^|\/)vitest\.config\.(ts|mts|js|mjs)$/;
const sourceFile = /\.(ts|tsx|mts|js|mjs)$/;

/** Files allowed to hold timers, each with why. Keep it to one waiting helper per package. */
const allowed: Record<string, string> = {
  'api/test/support/waiting.ts':
    "the API tests' one waiting helper: waitUntil re-checks a condition until a deadline, within fails a promise that does not settle in time",
  'packages/test-support/src/waiting.ts':
    "the browser tests' one waiting helper: waitFor re-checks a condition until a deadline, untilQuiet waits for a page's requests to stop, within is a deadline on a promise",
  'scripts/test-waits.test.ts': 'this rule itself: its patterns and the examples it checks them on',
};

interface Rule {
  name: string;
  pattern: RegExp;
}

const rules: Rule[] = [
  { name: 'a retry option: a test that flakes is a bug to fix, not to retry', pattern: /\bretr(y|ies)\s*:|--retry\b/ },
  { name: "Playwright's waitForTimeout: a fixed sleep", pattern: /\bwaitForTimeout\s*\(/ },
  {
    name: 'a timer in a test: wait on a condition (the waiting helper), or fail at a deadline (its deadline helper)',
    // A global setTimeout; a socket's or a request's own setTimeout method (call.setTimeout) is a deadline on it.
    pattern: /(?<![\w$.])(?:(?:globalThis|window|self|global)\.)?setTimeout\s*\(/,
  },
  { name: 'a sleep', pattern: /(?<![\w$.])(?:sleep|delay)\s*\(/ },
  { name: 'the promised timers (a sleep by another name)', pattern: /['"](?:node:)?timers\/promises['"]/ },
  {
    name: 'a timeout not scaled by TEST_TIME_SCALE: give it as scaled(ms) (@cfp/test-support/time-scale)',
    // An option `timeout: …`, Playwright's default, or a test's or a hook's timeout after its function (`}, 60_000);`).
    pattern:
      /\btimeout\s*:\s*(?!scaled\()[\w(]|setDefault(?:Navigation)?Timeout\((?!scaled\()|^\s*\}\s*,(?!\s*scaled\()\s*[\w.+*\s()]*(?:\d|Ms\b)[\w.+*\s()]*\);?\s*$/,
  },
];

/** Comment lines may name what they forbid. */
const commentLine = /^\s*(\/\/|\/\*|\*)/;

function findings(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      commentLine.test(line)
        ? []
        : rules.filter((rule) => rule.pattern.test(line)).map((rule) => `${file}:${index + 1}: ${rule.name}: ${line.trim()}`),
    );
}

function checkedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return [...new Set(listed.split('\n'))]
    .filter((file) => sourceFile.test(file) && !file.includes('node_modules/'))
    .filter((file) => testFile.test(file) || vitestConfig.test(file) || supportFolders.some((folder) => folder.test(file)))
    .filter((file) => existsSync(path.join(root, file)))
    .sort();
}

describe('waits in tests', () => {
  const files = checkedFiles();

  it('finds the tests and their support code', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const expected of [
      'api/test/system/durability.test.ts',
      'admin/test/launch-checklist.test.tsx',
      'api/test/support/waiting.ts',
    ]) {
      expect(files).toContain(expected);
    }
  });

  it('has no retry option and no fixed sleep in any test, only in the allowed waiting helpers', () => {
    const found = files
      .filter((file) => !(file in allowed))
      .flatMap((file) => findings(file, readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('allows only files that exist and still hold a timer', () => {
    const stale = Object.keys(allowed).filter(
      (file) => !existsSync(path.join(root, file)) || findings(file, readFileSync(path.join(root, file), 'utf8')).length === 0,
    );
    expect(stale).toEqual([]);
  });

  it('tells a fixed wait from a deadline on a socket and from the product’s Retry-After', () => {
    const flagged = (line: string) => findings('example.ts', line).length > 0;
    for (const wait of [
      'await new Promise((resolve) => setTimeout(resolve, 200));',
      'for (;;) await new Promise((r) => setTimeout(r, 20));',
      'const timer = setTimeout(() => resolve(false), ms);',
      'await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));',
      'await globalThis.setTimeout(100);',
      'await page.waitForTimeout(50);',
      'await sleep(1_500);',
      "import { setTimeout as pause } from 'node:timers/promises';",
      "it('flakes', { retry: 2 }, async () => {});",
      "test: { name: 'e2e', retries: 1 },",
      'vitest run --retry 3',
      "await page.waitForURL('**/admin/blogs', { timeout: 10_000 });",
      '  }, 60_000);',
      '  }, publishWaitMs * 2);',
      "describe('builds', { timeout: firstBuildWaitMs + 60_000 }, () => {",
      'context.setDefaultTimeout(15_000);',
    ]) {
      expect(flagged(wait), wait).toBe(true);
    }
    for (const fine of [
      "call.setTimeout(5_000, () => call.destroy(new Error('health timed out')));",
      "expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);",
      "expect(limiter.consume('a')).toEqual({ allowed: false, retryAfterSeconds: 9 });",
      'siteBuilder({ siteSourceDir: source, retryDelaysMs: [200] });',
      "const answer = await within(closed, 15_000, 'the trickling request closed');",
      "await waitUntil(() => written >= 5, 'five posts written');",
      "await page.waitForURL('**/admin/blogs', { timeout: scaled(10_000) });",
      '  }, scaled(60_000));',
      'context.setDefaultTimeout(scaled(15_000));',
      "await waitUntil(pushed, 'the save pushed', { timeoutMs: 15_000, everyMs: 200 });",
      '  }, [items]);',
      '// A comment may say why not to await setTimeout(resolve, 100).',
    ]) {
      expect(flagged(fine), fine).toBe(false);
    }
  });
});
