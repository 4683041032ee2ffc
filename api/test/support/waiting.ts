import { setTimeout as pause } from 'node:timers/promises';

/*
 * The API tests' only timers: a test waits on a condition, never a fixed time. `waitUntil`
 * re-checks a condition until it holds; `within` fails a promise that does not settle in time.
 * Both take their timers from node:timers/promises, which a test's fake timers leave alone.
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
  const deadline = performance.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await condition()) return;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() >= deadline) {
      const cause = lastError === undefined ? '' : ` (last error: ${String(lastError)})`;
      throw new Error(`waited ${timeoutMs} ms for ${what}${cause}`);
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
  const expired = pause(ms, undefined, { signal: timer.signal }).then(
    () => {
      throw new Error(`${what}: not within ${ms} ms`);
    },
    () => new Promise<never>(() => {}),
  );
  try {
    return await Promise.race([promise, expired]);
  } finally {
    timer.abort();
  }
}
