/**
 * Serialised answers of the public read routes, kept until a post changes (or `ttlMs`
 * passes, so view counts stay roughly current): a burst of readers costs one query.
 * Bounded in entries and in characters: a crawler reading every post by id and by slug
 * would otherwise keep two copies of every post (up to 64 KB each) until the next change.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxChars: number;
  private chars = 0;

  constructor(ttlMs = 10_000, maxEntries = 1_000, maxChars = 8_000_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxChars = maxChars;
  }

  /** Characters held in all the bodies. */
  get characters(): number {
    return this.chars;
  }

  get(key: string, build: () => unknown): string {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.body;
    const body = JSON.stringify(build());
    this.store(key, body, now);
    return body;
  }

  getIfPresent(key: string): string | undefined {
    const cached = this.entries.get(key);
    return cached && cached.expiresAt > Date.now() ? cached.body : undefined;
  }

  clear(): void {
    this.entries.clear();
    this.chars = 0;
  }

  private store(key: string, body: string, now: number) {
    this.chars -= this.entries.get(key)?.body.length ?? 0;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries || this.chars + body.length > this.maxChars) this.clear();
    this.entries.set(key, { body, expiresAt: now + this.ttlMs });
    this.chars += body.length;
  }
}
