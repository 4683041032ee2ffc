import { forgetExpiredFromOldest, makeRoom } from '../lib/bounded-map.ts';

interface AttemptRecord {
  failures: number;
  /** Attempts let through whose password is still being checked: they count until they settle. */
  inFlight: number;
  lastFailureAt: number;
  lockedUntil: number;
}

interface ThrottlePolicy {
  /** Failures allowed before the first lock-out. */
  freeAttempts: number;
  baseLockMs: number;
  maxLockMs: number;
  /** Failures are forgotten after this long without a new one. */
  forgetAfterMs: number;
}

/** One account from one address: the real lock-out, which only that address can trigger. */
const accountAndAddressPolicy: ThrottlePolicy = {
  freeAttempts: 5,
  baseLockMs: 30_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

/** An address may try a few accounts (a shared office or cyber café), but not hundreds. */
const addressPolicy: ThrottlePolicy = {
  freeAttempts: 20,
  baseLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

/**
 * One account from every address: only a slow-down, so that guesses spread over many
 * addresses cannot lock the owner out for more than a few seconds.
 */
const accountPolicy: ThrottlePolicy = {
  freeAttempts: 100,
  baseLockMs: 1_000,
  maxLockMs: 5_000,
  forgetAfterMs: 24 * 60 * 60_000,
};

const maxRecords = 100_000;

/**
 * A few free failures, then a lock that doubles with each further failure, per key. An
 * attempt is reserved before its password is checked and counts as a failure until it
 * settles, so parallel requests get no more guesses than sequential ones. Bounded in memory;
 * a key is forgotten once its failures are, not only when looked up again.
 */
export class LoginThrottle {
  private readonly records = new Map<string, AttemptRecord>();
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

  /**
   * Seconds until `key` may start an attempt, or 0. While attempts are in flight, the wait
   * is the lock they would cause if they all failed.
   */
  retryAfterSeconds(key: string): number {
    const record = this.fresh(key);
    if (!record) return 0;
    const now = this.now();
    if (record.lockedUntil > now) return Math.ceil((record.lockedUntil - now) / 1000);
    const { freeAttempts } = this.policy;
    const allowedInFlight = record.failures < freeAttempts ? freeAttempts - record.failures : 1;
    if (record.inFlight < allowedInFlight) return 0;
    return Math.max(1, Math.ceil(this.lockMs(record.failures + record.inFlight) / 1000));
  }

  /** Counts an attempt as in flight; call only when retryAfterSeconds(key) is 0. */
  reserve(key: string): void {
    const now = this.now();
    const record = this.fresh(key) ?? { failures: 0, inFlight: 0, lastFailureAt: now, lockedUntil: 0 };
    record.inFlight += 1;
    this.store(key, record, now);
  }

  /** Settles a reserved attempt as failed (an unreserved one is counted too) and grows the lock. */
  recordFailure(key: string): void {
    const now = this.now();
    const record = this.fresh(key) ?? { failures: 0, inFlight: 0, lastFailureAt: now, lockedUntil: 0 };
    record.inFlight = Math.max(0, record.inFlight - 1);
    record.failures += 1;
    record.lastFailureAt = now;
    const lockMs = this.lockMs(record.failures);
    if (lockMs > 0) record.lockedUntil = now + lockMs;
    this.store(key, record, now);
  }

  /** Settles a reserved attempt without counting it: its failures and lock stay. */
  release(key: string): void {
    const record = this.records.get(key);
    if (!record) return;
    record.inFlight = Math.max(0, record.inFlight - 1);
    if (record.failures === 0 && record.inFlight === 0) this.records.delete(key);
  }

  /** Settles a reserved attempt as a success: the key's failures and lock are forgotten. */
  reset(key: string): void {
    const record = this.records.get(key);
    if (!record) return;
    record.inFlight = Math.max(0, record.inFlight - 1);
    record.failures = 0;
    record.lockedUntil = 0;
    if (record.inFlight === 0) this.records.delete(key);
  }

  /** The longest wait among the keys that `matches` accepts, in seconds, or 0. */
  longestWaitSeconds(matches: (key: string) => boolean): number {
    let longest = 0;
    for (const key of this.records.keys()) {
      if (matches(key)) longest = Math.max(longest, this.retryAfterSeconds(key));
    }
    return longest;
  }

  /** Forgets the failures and locks of the keys that `matches` accepts; attempts in flight still settle. */
  clear(matches: (key: string) => boolean): void {
    for (const [key, record] of this.records) {
      if (!matches(key)) continue;
      record.failures = 0;
      record.lockedUntil = 0;
      if (record.inFlight === 0) this.records.delete(key);
    }
  }

  private lockMs(failures: number): number {
    const excess = failures - this.policy.freeAttempts;
    return excess < 0 ? 0 : Math.min(this.policy.maxLockMs, this.policy.baseLockMs * 2 ** excess);
  }

  /** Records are kept in the order of their last change, so the stale ones come first. */
  private store(key: string, record: AttemptRecord, now: number): void {
    forgetExpiredFromOldest(this.records, (oldest) => this.isStale(oldest, now));
    this.records.delete(key);
    makeRoom(this.records, maxRecords);
    this.records.set(key, record);
  }

  private fresh(key: string): AttemptRecord | undefined {
    const record = this.records.get(key);
    if (record && this.isStale(record, this.now())) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }

  private isStale(record: AttemptRecord, now: number): boolean {
    return record.inFlight === 0 && now - record.lastFailureAt > this.policy.forgetAfterMs && record.lockedUntil < now;
  }
}

/** An attempt let through by the guard: settle it once, when its password has been checked. */
interface ReservedAttempt {
  succeeded(): void;
  failed(): void;
}

type AttemptDecision = { reserved: ReservedAttempt } | { retryAfterSeconds: number };

/** The throttle key of an existing admin: a new password (CLI reset, superAdmin edit) changes it. */
export function adminAccountKey(admin: { id: number; tokenVersion: number }): string {
  return `admin:${admin.id}:${admin.tokenVersion}`;
}

/** The throttle key of an e-mail that matches no admin. */
export function unknownAccountKey(email: string): string {
  return `email:${email}`;
}

const accountAndAddressKey = (account: string, address: string) => `${account}\n${address}`;
const belongsTo = (account: string) => (key: string) => key === account || key.startsWith(`${account}\n`);

/**
 * The login lock-out, as OWASP's "lock by account and source" and django-axes' username and
 * address lock: failures lock one account from one address; an address trying many accounts
 * is locked too; failures on one account from everywhere only slow it down. Every limit is
 * checked and reserved in one synchronous step, before any password is hashed.
 */
export class LoginGuard {
  private readonly byAccountAndAddress: LoginThrottle;
  private readonly byAddress: LoginThrottle;
  private readonly byAccount: LoginThrottle;

  constructor(now: () => number = Date.now) {
    this.byAccountAndAddress = new LoginThrottle(accountAndAddressPolicy, now);
    this.byAddress = new LoginThrottle(addressPolicy, now);
    this.byAccount = new LoginThrottle(accountPolicy, now);
  }

  begin(account: string, address: string): AttemptDecision {
    const pair = accountAndAddressKey(account, address);
    const retryAfterSeconds = Math.max(
      this.byAccountAndAddress.retryAfterSeconds(pair),
      this.byAddress.retryAfterSeconds(address),
      this.byAccount.retryAfterSeconds(account),
    );
    if (retryAfterSeconds > 0) return { retryAfterSeconds };

    this.byAccountAndAddress.reserve(pair);
    this.byAddress.reserve(address);
    this.byAccount.reserve(account);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    return {
      reserved: {
        succeeded: () =>
          settle(() => {
            this.byAccountAndAddress.reset(pair);
            this.byAddress.release(address);
            this.byAccount.release(account);
          }),
        failed: () =>
          settle(() => {
            this.byAccountAndAddress.recordFailure(pair);
            this.byAddress.recordFailure(address);
            this.byAccount.recordFailure(account);
          }),
      },
    };
  }

  /** Seconds until `account` may sign in again from every address that failed on it, or 0. */
  lockedForSeconds(account: string): number {
    return Math.max(this.byAccount.retryAfterSeconds(account), this.byAccountAndAddress.longestWaitSeconds(belongsTo(account)));
  }

  /** Lifts every lock on `account` (a superAdmin's decision); address locks stay. */
  clear(account: string): void {
    this.byAccount.clear(belongsTo(account));
    this.byAccountAndAddress.clear(belongsTo(account));
  }
}
