/**
 * Serialised answers of the public read routes, kept until a post changes (or `ttlMs`
 * passes, so view counts stay roughly current): a burst of readers costs one query.
 * Kept as UTF-8 bytes, so that each answer is not encoded again (French text is not ASCII).
 * Bounded in entries and in bytes: a crawler reading every post by id and by slug
 * would otherwise keep two copies of every post (up to 64 KB each) until the next change.
 */
export interface CachedAnswer {
  body: Buffer;
  /** Date.now() at which it is built again. */
  expiresAt: number;
}

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private heldBytes = 0;

  constructor(ttlMs = 10_000, maxEntries = 1_000, maxBytes = 8_000_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  /** Bytes held in all the bodies. */
  get bytes(): number {
    return this.heldBytes;
  }

  get(key: string, build: () => unknown): CachedAnswer {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached;
    return this.store(key, Buffer.from(JSON.stringify(build())), now);
  }

  getIfPresent(key: string): CachedAnswer | undefined {
    const cached = this.entries.get(key);
    return cached && cached.expiresAt > Date.now() ? cached : undefined;
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }

  private store(key: string, body: Buffer, now: number): CachedAnswer {
    this.heldBytes -= this.entries.get(key)?.body.length ?? 0;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries || this.heldBytes + body.length > this.maxBytes) this.clear();
    const answer = { body, expiresAt: now + this.ttlMs };
    this.entries.set(key, answer);
    this.heldBytes += body.length;
    return answer;
  }
}
