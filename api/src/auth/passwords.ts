import type { PasswordStrength } from '@cfp/shared';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

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

let checker: Promise<typeof import('@cfp/shared/password-strength')> | undefined;

/** The estimator and its dictionaries (39 MB of heap), loaded by the first check, not at start: a password is set a few times a year. */
const strengthChecker = () => {
  checker ??= import('@cfp/shared/password-strength');
  return checker;
};

/** How hard a new password is to guess, against the account's e-mail and username. */
export async function passwordStrength(password: string, personalWords: readonly string[]): Promise<PasswordStrength> {
  return (await strengthChecker()).checkPasswordStrength(password, personalWords);
}

/**
 * Why a new password is refused, or undefined when it is hard enough to guess. `personalWords`
 * are the account's e-mail and username, which the password must not be built on.
 */
export async function weakPasswordReason(password: string, personalWords: readonly string[]): Promise<string | undefined> {
  const { checkPasswordStrength, weakPasswordMessage } = await strengthChecker();
  const strength = checkPasswordStrength(password, personalWords);
  return strength.acceptable ? undefined : weakPasswordMessage(strength);
}
