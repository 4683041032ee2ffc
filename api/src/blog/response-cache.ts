import { BoundedBodies, type ExpiringBody } from '../lib/bounded-map.ts';

/**
 * Serialised answers of the public read routes, kept until a post changes (or `ttlMs`
 * passes, so view counts stay roughly current): a burst of readers costs one query.
 * Kept as UTF-8 bytes, so that each answer is not encoded again (French text is not ASCII).
 * Bounded in entries and in bytes: a crawler reading every post by id and by slug
 * would otherwise keep two copies of every post (up to 64 KB each) until the next change.
 */
export type CachedAnswer = ExpiringBody;

export class ResponseCache {
  private readonly answers: BoundedBodies<CachedAnswer>;
  private readonly ttlMs: number;

  constructor(ttlMs = 10_000, maxEntries = 1_000, maxBytes = 8_000_000) {
    this.ttlMs = ttlMs;
    this.answers = new BoundedBodies(maxEntries, maxBytes);
  }

  /** Bytes held in all the bodies. */
  get bytes(): number {
    return this.answers.bytes;
  }

  get(key: string, build: () => unknown): CachedAnswer {
    const now = Date.now();
    const cached = this.answers.get(key, now);
    if (cached) return cached;
    const answer = { body: Buffer.from(JSON.stringify(build())), expiresAt: now + this.ttlMs };
    this.answers.set(key, answer);
    return answer;
  }

  getIfPresent(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }

  clear(): void {
    this.answers.clear();
  }
}
