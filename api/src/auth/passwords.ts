import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type PasswordStrength, weakPasswordMessage } from '@cfp/shared';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { StrengthQuestion } from './password-strength-process.ts';

// The package exports Algorithm as a const enum, which has no runtime value under type stripping.
const argon2id = 2 as Algorithm.Argon2id;

/** argon2id at OWASP ASVS 5 minimums: 19 MiB of memory, 2 passes, 1 lane. */
const parameters = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, parameters);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown e-mail cannot be told from a wrong password. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  await verifyPassword(await decoyHash, password);
  return false;
}

/** How long the estimator stays loaded after a check of the admin's meter, which asks as the person types. */
const meterIdleMs = 30_000;

/**
 * The password estimator in a child process, started by a check and stopped when no check came
 * for the time the last one asked (the meter's half a minute; none after a password is set).
 * Its dictionaries are 39 MB of heap: a password is set a few times a year, and neither a heap
 * that grew for them nor a worker thread's allocator gives all of that memory back to the system
 * (a thread left 48 MB behind), while a process that exits does.
 */
export class StrengthEstimator {
  private estimatorProcess: ChildProcess | undefined;
  private readonly waiting = new Map<number, { resolve: (strength: PasswordStrength) => void; reject: (error: Error) => void }>();
  private lastId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private keepLoadedMs = 0;

  /** Whether the process and its dictionaries are in memory. */
  get loaded(): boolean {
    return this.estimatorProcess !== undefined;
  }

  /** `keepLoadedMs`: how long the process stays once no question waits. */
  check(password: string, personalWords: readonly string[], keepLoadedMs: number): Promise<PasswordStrength> {
    const child = this.running();
    clearTimeout(this.idleTimer);
    this.keepLoadedMs = keepLoadedMs;
    // Held while a question waits (a CLI would otherwise exit before the answer), let go when idle.
    child.ref();
    child.channel?.ref();
    this.lastId += 1;
    const question: StrengthQuestion = { id: this.lastId, password, personalWords: [...personalWords] };
    return new Promise((resolve, reject) => {
      this.waiting.set(question.id, { resolve, reject });
      child.send(question);
    });
  }

  private running(): ChildProcess {
    if (this.estimatorProcess) return this.estimatorProcess;
    const child = fork(fileURLToPath(new URL('./password-strength-process.ts', import.meta.url)), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', ({ id, strength }: { id: number; strength: PasswordStrength }) => {
      this.waiting.get(id)?.resolve(strength);
      this.waiting.delete(id);
      if (this.waiting.size === 0) this.stopWhenIdle();
    });
    child.on('error', (error) => this.fail(child, error));
    child.on('exit', () => this.fail(child, new Error('the password estimator stopped')));
    this.estimatorProcess = child;
    return child;
  }

  /** Keeps a loaded, idle estimator for `ms` more, counted from now. */
  keepLoaded(ms: number) {
    if (!this.estimatorProcess || this.waiting.size > 0) return;
    clearTimeout(this.idleTimer);
    this.keepLoadedMs = ms;
    this.stopWhenIdle();
  }

  private stopWhenIdle() {
    this.estimatorProcess?.unref();
    this.estimatorProcess?.channel?.unref();
    this.idleTimer = setTimeout(() => {
      const child = this.estimatorProcess;
      this.estimatorProcess = undefined;
      child?.kill();
    }, this.keepLoadedMs);
    this.idleTimer.unref();
  }

  /** A process that failed or stopped answers no more: its questions fail, the next check starts another. */
  private fail(child: ChildProcess, error: Error) {
    if (this.estimatorProcess !== child) return;
    this.estimatorProcess = undefined;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}

const estimator = new StrengthEstimator();

/** How hard a new password is to guess, against the account's e-mail and username. */
export function passwordStrength(password: string, personalWords: readonly string[]): Promise<PasswordStrength> {
  return estimator.check(password, personalWords, meterIdleMs);
}

/**
 * Why a new password is refused, or undefined when it is hard enough to guess. `personalWords`
 * are the account's e-mail and username, which the password must not be built on.
 */
export async function weakPasswordReason(password: string, personalWords: readonly string[]): Promise<string | undefined> {
  // A password being set: the meter's questions are over, unless it is refused and another try follows.
  const strength = await estimator.check(password, personalWords, 0);
  if (strength.acceptable) return undefined;
  estimator.keepLoaded(meterIdleMs);
  return weakPasswordMessage(strength);
}
