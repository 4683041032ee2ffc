import { type PasswordStrength, weakPasswordMessage } from '@cfp/shared';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { IdleChildProcess } from '../workers/idle-child-process.ts';
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
 * Its dictionaries are 39 MB of heap: a password is set a few times a year, and a heap that grew
 * for them would not give that memory back.
 */
export class StrengthEstimator extends IdleChildProcess<StrengthQuestion, PasswordStrength> {
  constructor() {
    super(new URL('./password-strength-process.ts', import.meta.url), 'the password estimator');
  }

  /** `keepLoadedMs`: how long the process stays once no question waits. */
  check(password: string, personalWords: readonly string[], keepLoadedMs: number): Promise<PasswordStrength> {
    return this.ask({ password, personalWords: [...personalWords] }, keepLoadedMs);
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
