import type { AccountLink, ForgotPasswordRequest, MessageResponse, SetPasswordRequest } from '@cfp/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The three steps of a forgotten password or an invitation; the person has no session, only the link. */
export function requestPasswordReset(input: ForgotPasswordRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/auth/password/forgot', { method: 'POST', body: input, anonymous: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function getAccountLink(token: string, signal?: AbortSignal): Promise<AccountLink> {
  return apiFetch<AccountLink>('/auth/password/link', { method: 'POST', body: { token }, signal, anonymous: true });
}

export const accountLinkQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['account-link', token], queryFn: ({ signal }) => getAccountLink(token, signal), retry: false });

export function useAccountLink(token: string) {
  return useQuery({ ...accountLinkQueryOptions(token), enabled: token !== '' });
}

export function setPasswordByLink(input: SetPasswordRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/auth/password/set', { method: 'POST', body: input, anonymous: true });
}

export function useSetPasswordByLink() {
  return useMutation({ mutationFn: setPasswordByLink });
}
