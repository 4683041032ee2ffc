/**
 * The one setting every test wait and timeout is scaled by: `TEST_TIME_SCALE` (default 1). On a
 * machine busy with something else (a benchmark beside the suite, a slower runner) a run with
 * `TEST_TIME_SCALE=3` waits three times as long before it calls a build or a page hung, instead
 * of failing. No test measures a time with it: speed is what `pnpm bench` measures.
 */
export const timeScale = readTimeScale(process.env.TEST_TIME_SCALE);

function readTimeScale(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale < 1) throw new Error(`TEST_TIME_SCALE must be a number of at least 1, not "${value}"`);
  return scale;
}

/** `ms` at this run's scale, for a timeout or a deadline. */
export function scaled(ms: number): number {
  return Math.round(ms * timeScale);
}

/**
 * A project's vitest timeouts at this run's scale: a test's and a hook's (vitest's defaults are
 * 5 s and 10 s), and `expect.poll`'s (vitest's default is 1 s; a page in Chromium on a busy
 * machine can take longer to answer a key).
 */
export function testTimeouts(testMs = 5_000, hookMs = 10_000, pollMs = 1_000) {
  return { testTimeout: scaled(testMs), hookTimeout: scaled(hookMs), expect: { poll: { timeout: scaled(pollMs) } } };
}
