import { z } from 'zod';
import { emailAddress } from './common.ts';

export const adminRoles = ['admin', 'superAdmin'] as const;
export const adminRole = z.enum(adminRoles);
export type AdminRole = z.infer<typeof adminRole>;

export const loginRequest = z.object({
  email: emailAddress,
  password: z
    .string({ error: 'password is required' })
    .min(1, { error: 'password is required' })
    .max(1024, { error: 'password must be at most 1024 characters' }),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** `Token` keeps its original capitalised key so that existing clients still work. */
export const loginResponse = z.object({
  Token: z.string(),
  username: z.string(),
  role: adminRole,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const sessionUser = z.object({ username: z.string(), role: adminRole });
export type SessionUser = z.infer<typeof sessionUser>;

/**
 * New passwords: at least 12 characters (ASVS 5), long passphrases welcome. Checked by length
 * and shape here; how easy they are to guess is checked by `@cfp/shared/password-strength`,
 * kept apart because of the weight of its dictionaries.
 */
export const newPassword = z
  .string({ error: 'password is required' })
  .min(1, { error: 'password is required' })
  .min(12, { error: 'password must be at least 12 characters' })
  .max(256, { error: 'password must be at most 256 characters' })
  .refine((value) => value.trim().length >= 12, { error: 'password must be at least 12 characters' })
  .refine((value) => new Set(value.toLowerCase()).size >= 4, { error: 'password is too easy to guess' });

/** The two single-use links that let an admin choose a password. */
export const accountTokenPurposes = ['invitation', 'reset'] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

/** How long each link stays valid: a new admin may open their invitation after a weekend; a reset is for now. */
export const accountLinkValidityMs: Record<AccountTokenPurpose, number> = {
  invitation: 48 * 60 * 60_000,
  reset: 60 * 60_000,
};

/** The link's token: 32 random bytes in base64url (43 characters). */
const accountToken = z
  .string({ error: 'token is required' })
  .regex(/^[\w-]{43}$/, { error: 'This link is not valid: open the whole link from the email' });

export const forgotPasswordRequest = z.object({ email: emailAddress });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const accountLinkRequest = z.object({ token: accountToken });

/** Whom a valid link is for, shown on the page where they choose their password. */
export const accountLink = z.object({
  purpose: z.enum(accountTokenPurposes),
  username: z.string(),
  email: z.string(),
  expiresAt: z.string(),
});
export type AccountLink = z.infer<typeof accountLink>;

export const setPasswordRequest = z.object({ token: accountToken, password: newPassword });
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

/** A password as it is being typed, for the strength meter: checked, never kept. */
const typedPassword = z
  .string({ error: 'password is required' })
  .min(1, { error: 'password is required' })
  .max(256, { error: 'password must be at most 256 characters' });

/** A signed-in admin's new password (theirs or another account's), with that account's e-mail and name. */
export const passwordStrengthRequest = z.object({
  password: typedPassword,
  personalWords: z.array(z.string().max(254)).max(4).default([]),
});

/** A password chosen with an invitation or reset link: the link tells whose it is. */
export const linkPasswordStrengthRequest = z.object({ token: accountToken, password: typedPassword });

/** How hard a new password is to guess: zxcvbn's score 0-4, the verdict, and advice in English. */
export const passwordStrength = z.object({
  score: z.number().int().min(0).max(4),
  acceptable: z.boolean(),
  feedback: z.string(),
});
export type PasswordStrength = z.infer<typeof passwordStrength>;

/** The message the API and the admin show for a password that is too easy to guess. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  const advice = strength.feedback || 'add more words or characters that are not easy to guess.';
  return `password is too easy to guess: ${advice}`;
}

/** What staff read about these links, written once for the API and the admin. */
export const accountLinkMessages = {
  /** The same whether the address has an account or not: the answer tells nobody who is an admin. */
  resetRequested:
    'If an admin account uses this address, we have sent it a link to choose a new password. The link is valid for 1 hour.',
  resetNeedsMail:
    'This server does not send email, so it cannot send you a link. Ask a superAdmin to set a new password for you from the Admins screen.',
  linkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  invitationSet: 'Your password is set. Sign in with it now.',
  passwordReset: 'Your password has been changed. Sign in with it now.',
  invitationSent: 'Invitation sent',
  invitationNotSent: 'The invitation email could not be sent, so no account was created. Try again later.',
} as const;

/** The form where a link's holder chooses their password: typed twice, so that a typo does not lock them out. */
export const setPasswordForm = z
  .object({ password: newPassword, confirmation: z.string() })
  .refine((form) => form.password === form.confirmation, {
    error: 'the two passwords are not the same',
    path: ['confirmation'],
  });
export type SetPasswordForm = z.infer<typeof setPasswordForm>;
