import { forgetExpiredFromOldest, makeRoom } from '../lib/bounded-map.ts';

const maxEntries = 100_000;

/**
 * Counts a view once per reader and post within a window, so a reload storm from one
 * address is one view. Kept in memory (bounded, and a pair is forgotten once its window
 * has passed): losing it on restart costs at most one extra view per reader.
 */
export class ViewDeduplicator {
  private readonly seen = new Map<string, number>();
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(windowMs = 30 * 60_000, now: () => number = Date.now) {
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Pairs currently remembered. */
  get size(): number {
    return this.seen.size;
  }

  shouldCount(reader: string, postId: number): boolean {
    const key = `${reader}|${postId}`;
    const now = this.now();
    this.forgetExpired(now);
    const last = this.seen.get(key);
    if (last !== undefined && now - last < this.windowMs) return false;
    this.seen.delete(key);
    makeRoom(this.seen, maxEntries);
    this.seen.set(key, now);
    return true;
  }

  /** Pairs are kept in the order they were counted, so the expired ones come first. */
  private forgetExpired(now: number) {
    forgetExpiredFromOldest(this.seen, (countedAt) => now - countedAt >= this.windowMs);
  }
}
