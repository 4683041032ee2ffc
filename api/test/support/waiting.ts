import { setTimeout as pause } from 'node:timers/promises';
import { scaled } from '@cfp/test-support/time-scale';

/*
 * The API tests' only timers: a test waits on a condition, never a fixed time. `waitUntil`
 * re-checks a condition until it holds; `within` fails a promise that does not settle in time.
 * Both take their timers from node:timers/promises, which a test's fake timers leave alone,
 * and stretch their bounds by TEST_TIME_SCALE (@cfp/test-support/time-scale).
 */

/**
 * Re-checks `condition` every `everyMs` until it holds; throws, naming `what`, once `timeoutMs`
 * has passed without it. A condition that throws is treated as not holding yet (a server not
 * listening yet), and its last error is given in the message on timeout.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 5_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const boundMs = scaled(timeoutMs);
  const deadline = performance.now() + boundMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await condition()) return;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() >= deadline) {
      const cause = lastError === undefined ? '' : ` (last error: ${String(lastError)})`;
      throw new Error(`waited ${boundMs} ms for ${what}${cause}`);
    }
    await pause(everyMs);
  }
}

/**
 * A deadline, not a wait: `promise`'s value if it settles within `ms`, else an error naming
 * `what`. The timer is cleared as soon as the promise settles.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const timer = new AbortController();
  const boundMs = scaled(ms);
  const expired = pause(boundMs, undefined, { signal: timer.signal }).then(
    () => {
      throw new Error(`${what}: not within ${boundMs} ms`);
    },
    () => new Promise<never>(() => {}),
  );
  try {
    return await Promise.race([promise, expired]);
  } finally {
    timer.abort();
  }
}
