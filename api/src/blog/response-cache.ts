/**
 * Serialised answers of the public read routes, kept until a post changes (or `ttlMs`
 * passes, so view counts stay roughly current): a burst of readers costs one query.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expiresAt: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs = 10_000, maxEntries = 1_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get(key: string, build: () => unknown): string {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.body;
    const body = JSON.stringify(build());
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { body, expiresAt: now + this.ttlMs });
    return body;
  }

  getIfPresent(key: string): string | undefined {
    const cached = this.entries.get(key);
    return cached && cached.expiresAt > Date.now() ? cached.body : undefined;
  }

  clear(): void {
    this.entries.clear();
  }
}
