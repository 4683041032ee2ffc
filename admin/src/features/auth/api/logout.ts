import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Asks the API to refuse the current token from now on. The token is read when this is called,
 * so it may be forgotten locally right after. A refusal is the caller's to ignore: it is not
 * reported as an expired session.
 */
export function revokeToken(): Promise<void> {
  return apiFetch<void>('/auth/logout', { method: 'POST', sessionCheck: true });
}
