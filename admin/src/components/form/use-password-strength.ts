import type { PasswordStrength } from '@cfp/shared/password-strength';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';

type Checker = typeof import('@cfp/shared/password-strength');

let loading: Promise<Checker> | undefined;

/**
 * The shared checker's verdict on a new password, once its dictionaries have loaded: they weigh
 * megabytes, so they come in their own chunk when a password form opens, never with the login page.
 */
export function usePasswordStrength(password: string, personalWords: readonly string[]): PasswordStrength | undefined {
  const [checker, setChecker] = useState<Checker>();
  useEffect(() => {
    let mounted = true;
    loading ??= import('@cfp/shared/password-strength');
    loading.then(
      (loaded) => mounted && setChecker(loaded),
      () => {
        // Without the checker the form still works: the API checks the password on submit.
        loading = undefined;
      },
    );
    return () => {
      mounted = false;
    };
  }, []);

  const typed = useDeferredValue(password);
  const words = personalWords.join('\n');
  return useMemo(
    () => (checker && typed ? checker.checkPasswordStrength(typed, words.split('\n')) : undefined),
    [checker, typed, words],
  );
}
