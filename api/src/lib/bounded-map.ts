/**
 * The in-memory tables (rate limits, login lock-outs, view dedup, reused statements, cached
 * answers) are Maps kept in insertion order, oldest first: these keep them bounded.
 */

/** Removes entries from the oldest on while `expired` says so, stopping at the first that is not. */
export function forgetExpiredFromOldest<K, V>(map: Map<K, V>, expired: (value: V) => boolean): void {
  for (const [key, value] of map) {
    if (!expired(value)) return;
    map.delete(key);
  }
}

/** Drops the oldest entry when the map already holds `max`, so that one more fits. */
export function makeRoom<K, V>(map: Map<K, V>, max: number): void {
  if (map.size < max) return;
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}

/** A body kept in memory, and the Date.now() at which it is too old to be used. */
export interface ExpiringBody {
  body: Buffer;
  expiresAt: number;
}

/**
 * Bodies kept by key until they expire, bounded in entries and in bytes: one more that would
 * pass either bound empties the store first (each is rebuilt at its next read, one query).
 */
export class BoundedBodies<Entry extends ExpiringBody> {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #heldBytes = 0;

  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held in the bodies. */
  get bytes(): number {
    return this.#heldBytes;
  }

  /** The entry kept for `key`, unless it has expired (it is then forgotten). */
  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.expiresAt > now) return entry;
    this.#forget(key);
    return undefined;
  }

  set(key: string, entry: Entry): void {
    this.#forget(key);
    if (this.#entries.size >= this.#maxEntries || this.#heldBytes + entry.body.length > this.#maxBytes) this.clear();
    this.#entries.set(key, entry);
    this.#heldBytes += entry.body.length;
  }

  clear(): void {
    this.#entries.clear();
    this.#heldBytes = 0;
  }

  #forget(key: string): void {
    this.#heldBytes -= this.#entries.get(key)?.body.length ?? 0;
    this.#entries.delete(key);
  }
}
