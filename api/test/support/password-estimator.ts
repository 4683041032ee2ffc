import { afterAll, beforeAll, type MockInstance, vi } from 'vitest';
import { StrengthEstimator } from '../../src/auth/passwords.ts';

/** Longer than any test file runs. */
const wholeFileMs = 30 * 60_000;

/**
 * Keeps the API's password estimator loaded from one password set to the next in the calling
 * test file, and lets it go after the file. The API lets its process go after each password set
 * (src/auth/passwords.ts says why), and starting it again costs about two CPU-seconds: a file that
 * sets a password in most tests would pay that each time. The estimator still judges every password
 * in its own process; password-strength.test.ts tests when that process is let go.
 */
export function keepPasswordEstimatorLoaded(): void {
  const check = StrengthEstimator.prototype.check;
  const estimators = new Set<StrengthEstimator>();
  let spy: MockInstance<StrengthEstimator['check']> | undefined;
  beforeAll(() => {
    spy = vi.spyOn(StrengthEstimator.prototype, 'check').mockImplementation(function (
      this: StrengthEstimator,
      password,
      personalWords,
    ) {
      estimators.add(this);
      return check.call(this, password, personalWords, wholeFileMs);
    });
  });
  afterAll(() => {
    spy?.mockRestore();
    for (const estimator of estimators) estimator.keepLoaded(0);
  });
}
