export interface RateWindow {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

const maxKeys = 50_000;

/**
 * Fixed-window counters per key (a client address), with several windows at once
 * (e.g. a few per minute and a few dozen per day). In memory: the API is one process.
 * The map is bounded so that a flood of distinct keys cannot exhaust memory.
 */
export class RateLimiter {
  private readonly windows: RateWindow[];
  private readonly counters = new Map<string, Array<{ start: number; count: number }>>();
  private readonly now: () => number;

  constructor(windows: RateWindow[], now: () => number = Date.now) {
    this.windows = windows;
    this.now = now;
  }

  /** Counts one request for `key`, unless one of its windows is already full. */
  consume(key: string): RateDecision {
    const now = this.now();
    const counters = this.current(key, now);
    const full = this.windows
      .map((window, index) => ({ window, counter: counters[index] as { start: number; count: number } }))
      .filter(({ window, counter }) => counter.count >= window.limit);
    if (full.length > 0) {
      const retryAfterMs = Math.max(...full.map(({ window, counter }) => counter.start + window.windowMs - now));
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    for (const counter of counters) counter.count += 1;
    return { allowed: true, retryAfterSeconds: 0 };
  }

  private current(key: string, now: number) {
    let counters = this.counters.get(key);
    if (!counters) {
      if (this.counters.size >= maxKeys) this.evictOldest();
      counters = this.windows.map(() => ({ start: now, count: 0 }));
      this.counters.set(key, counters);
    }
    this.windows.forEach((window, index) => {
      const counter = counters[index] as { start: number; count: number };
      if (now - counter.start >= window.windowMs) {
        counter.start = now;
        counter.count = 0;
      }
    });
    return counters;
  }

  private evictOldest() {
    const oldest = this.counters.keys().next();
    if (!oldest.done) this.counters.delete(oldest.value);
  }
}
