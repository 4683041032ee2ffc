import { forgetExpiredFromOldest, makeRoom } from '../bounded-map.ts';

interface FailureRecord {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

export interface ThrottlePolicy {
  /** Failures allowed before the first lock-out. */
  freeAttempts: number;
  baseLockMs: number;
  maxLockMs: number;
  /** Failures are forgotten after this long without a new one. */
  forgetAfterMs: number;
}

export const accountPolicy: ThrottlePolicy = {
  freeAttempts: 5,
  baseLockMs: 30_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

/** An address may try a few accounts (a shared office or cyber café), but not hundreds. */
export const addressPolicy: ThrottlePolicy = {
  freeAttempts: 20,
  baseLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

const maxRecords = 100_000;

/**
 * Login lock-out: a few free failures, then a lock that doubles with each further
 * failure, per key. Two instances are used, one keyed by account, one by address.
 * Bounded in memory; a key is forgotten once its failures are, not only when looked up again.
 */
export class LoginThrottle {
  private readonly records = new Map<string, FailureRecord>();
  private readonly policy: ThrottlePolicy;
  private readonly now: () => number;

  constructor(policy: ThrottlePolicy, now: () => number = Date.now) {
    this.policy = policy;
    this.now = now;
  }

  /** Keys currently remembered. */
  get size(): number {
    return this.records.size;
  }

  /** Seconds until `key` may try again, or 0. */
  retryAfterSeconds(key: string): number {
    const record = this.fresh(key);
    if (!record) return 0;
    const waitMs = record.lockedUntil - this.now();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  recordFailure(key: string): void {
    const now = this.now();
    this.forgetStale(now);
    const record = this.fresh(key) ?? { failures: 0, lastFailureAt: now, lockedUntil: 0 };
    record.failures += 1;
    record.lastFailureAt = now;
    const excess = record.failures - this.policy.freeAttempts;
    if (excess >= 0) {
      record.lockedUntil = now + Math.min(this.policy.maxLockMs, this.policy.baseLockMs * 2 ** excess);
    }
    this.records.delete(key);
    makeRoom(this.records, maxRecords);
    this.records.set(key, record);
  }

  reset(key: string): void {
    this.records.delete(key);
  }

  private fresh(key: string): FailureRecord | undefined {
    const record = this.records.get(key);
    if (record && this.isStale(record, this.now())) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }

  private isStale(record: FailureRecord, now: number): boolean {
    return now - record.lastFailureAt > this.policy.forgetAfterMs && record.lockedUntil < now;
  }

  /** Records are kept in the order of their last failure, so the stale ones come first. */
  private forgetStale(now: number) {
    forgetExpiredFromOldest(this.records, (record) => this.isStale(record, now));
  }
}
