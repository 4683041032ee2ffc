import { forgetExpiredFromOldest, makeRoom } from '../lib/bounded-map.ts';

interface RateWindow {
  limit: number;
  windowMs: number;
}

interface RateDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Keys held at most, unless a limiter is given another bound. */
const defaultMaxKeys = 50_000;

const startOf = (counters: number[], window: number) => counters[2 * window] as number;
const countOf = (counters: number[], window: number) => counters[2 * window + 1] as number;

/**
 * Fixed-window counters per key (a client address), with several windows at once
 * (e.g. a few per minute and a few dozen per day). In memory: the API is one process.
 * The map is bounded so that a flood of distinct keys cannot exhaust memory, and a key
 * is forgotten once all its windows have run out, so quiet addresses do not pile up.
 */
export class RateLimiter {
  private readonly windows: RateWindow[];
  private readonly longestWindow: number;
  /**
   * Per key, the start and count of each window side by side in one array of numbers:
   * about 150 bytes a key, where an object per window took 250 (12 MB per full limiter).
   * Kept in the order the longest window started, so the keys to forget first come first.
   */
  private readonly counters = new Map<string, number[]>();
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(windows: RateWindow[], now: () => number = Date.now, maxKeys = defaultMaxKeys) {
    this.windows = windows;
    this.maxKeys = maxKeys;
    const lengths = windows.map((window) => window.windowMs);
    this.longestWindow = lengths.indexOf(Math.max(...lengths));
    this.now = now;
  }

  /** Keys currently held. */
  get size(): number {
    return this.counters.size;
  }

  /** Counts one request for `key`, unless one of its windows is already full. */
  consume(key: string): RateDecision {
    const now = this.now();
    this.forgetExpired(now);
    const counters = this.current(key, now);
    const waitsMs = this.windows.flatMap((window, index) =>
      countOf(counters, index) >= window.limit ? [startOf(counters, index) + window.windowMs - now] : [],
    );
    if (waitsMs.length > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waitsMs) / 1000)) };
    this.windows.forEach((_window, index) => {
      counters[2 * index + 1] = countOf(counters, index) + 1;
    });
    return { allowed: true, retryAfterSeconds: 0 };
  }

  /** The key's counters, its windows that have run out started afresh. */
  private current(key: string, now: number): number[] {
    const counters = this.counters.get(key);
    if (!counters) return this.add(key, now);
    this.windows.forEach((window, index) => {
      if (now - startOf(counters, index) < window.windowMs) return;
      counters[2 * index] = now;
      counters[2 * index + 1] = 0;
      if (index === this.longestWindow) {
        this.counters.delete(key);
        this.counters.set(key, counters);
      }
    });
    return counters;
  }

  private add(key: string, now: number): number[] {
    makeRoom(this.counters, this.maxKeys);
    // Array.from sizes the array exactly; flatMap would leave spare capacity in every one.
    const counters = Array.from({ length: 2 * this.windows.length }, (_value, slot) => (slot % 2 === 0 ? now : 0));
    this.counters.set(key, counters);
    return counters;
  }

  private forgetExpired(now: number) {
    forgetExpiredFromOldest(this.counters, (counters) =>
      this.windows.every((window, index) => now - startOf(counters, index) >= window.windowMs),
    );
  }
}
