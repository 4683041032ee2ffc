import type { PasswordStrength } from '@cfp/shared';
import { useEffect, useState } from 'react';
import { type PasswordOwner, usePasswordStrengthQuery } from '../../api/check-password-strength.ts';

/** How long typing must pause before the password is sent for a verdict. */
const pauseMs = 300;

/**
 * The API's verdict on a new password, with the estimator it saves with: the dictionaries stay
 * on the server (they weigh 1 MB compressed), and the meter is never more lenient than the save.
 */
export function usePasswordStrength(password: string, owner: PasswordOwner): PasswordStrength | undefined {
  const [settled, setSettled] = useState(password);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(password), pauseMs);
    return () => clearTimeout(timer);
  }, [password]);
  const { data } = usePasswordStrengthQuery(settled, owner);
  return password && settled ? data : undefined;
}
