import { setTimeout as pause } from 'node:timers/promises';
import { scaled } from './time-scale.ts';

/*
 * The browser tests' only timers: a test waits on a condition, never a fixed time. `waitFor`
 * re-checks a condition until it holds; `untilQuiet` until something has stayed idle a moment;
 * `within` is a deadline on a promise, not a wait. Each stretches its bound by TEST_TIME_SCALE
 * (time-scale.ts); the bounds below are given at scale 1.
 */

/**
 * How long a test waits for a publish to reach the site: a rebuild of the whole site in both
 * languages, then its upload, on a 2-core CI runner busy with other test files, or with a
 * benchmark beside the suite. It bounds a hung build; it is not a timing the product promises
 * (how fast a publish goes live is measured by `bench:publish`, not checked by a test). A test
 * that waits on N publishes takes `(N + 1) * publishWaitMs` as its timeout.
 */
export const publishWaitMs = 180_000;

/** How long a test waits for a product's start-up build, which renders every page. */
export const firstBuildWaitMs = 240_000;

/** Re-checks `check` until it holds; throws with `describe()` once `timeoutMs` has passed. A check that throws has not held yet. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, describe: () => string): Promise<void> {
  const boundMs = scaled(timeoutMs);
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await pause(250);
  }
  throw new Error(`timed out after ${boundMs} ms: ${describe()}`);
}

/** Resolves once `busy()` has been false for `quietMs` in a row, or after `timeoutMs` in any case. */
export async function untilQuiet(busy: () => boolean, { quietMs = 150, timeoutMs = 5_000 } = {}): Promise<void> {
  const deadline = Date.now() + scaled(timeoutMs);
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (busy()) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await pause(25);
  }
}

/** A deadline: `promise`'s value if it settles within `ms`, else `late` (the timer is cleared either way). */
export async function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  const timer = new AbortController();
  try {
    return await Promise.race([promise, pause(scaled(ms), late, { signal: timer.signal })]);
  } finally {
    timer.abort();
  }
}
