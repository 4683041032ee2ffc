import type { PasswordStrength } from '@cfp/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api-client.ts';

/** Whose password it is: a signed-in admin names the account's e-mail and name; a link's page gives its token. */
export type PasswordOwner = { personalWords: readonly string[] } | { linkToken: string };

export function checkPasswordStrength(password: string, owner: PasswordOwner, signal?: AbortSignal): Promise<PasswordStrength> {
  return 'linkToken' in owner
    ? apiFetch('/auth/password/link/strength', {
        method: 'POST',
        body: { token: owner.linkToken, password },
        signal,
        anonymous: true,
      })
    : apiFetch('/auth/password/strength', {
        method: 'POST',
        body: { password, personalWords: owner.personalWords.filter(Boolean).slice(0, 4) },
        signal,
      });
}

/**
 * The API's verdict on a password being typed, asked once the typing pauses; the last verdict
 * stays shown meanwhile. Kept in memory a short while only: the key holds the password.
 */
export function usePasswordStrengthQuery(password: string, owner: PasswordOwner) {
  return useQuery({
    queryKey: ['password-strength', password, owner],
    queryFn: ({ signal }) => checkPasswordStrength(password, owner, signal),
    enabled: password.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30_000,
    // Without a verdict the form still works: the API checks the password on save.
    retry: false,
  });
}
