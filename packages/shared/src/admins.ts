import { z } from 'zod';
import { adminRole, newPassword } from './auth.ts';
import { controlCharacter, emailAddress } from './common.ts';

export const adminAccount = z.object({
  _id: z.number(),
  username: z.string(),
  email: z.string(),
  role: adminRole,
  createdAt: z.string(),
  /** In the list: seconds until sign-in is unlocked from every address that failed; absent when not locked. */
  lockedForSeconds: z.number().int().positive().optional(),
  /** An invited admin who has not chosen a password yet: while the link is valid, or after it expired. Absent otherwise. */
  invitation: z.enum(['pending', 'expired']).optional(),
});
export type AdminAccount = z.infer<typeof adminAccount>;
/**
 * The accounts list: a superAdmin, who manages the accounts, gets everything; a plain admin gets
 * who can sign in and with what role, without e-mail addresses, locks or invitations (decision 0018).
 */
export const adminAccountListEntry = adminAccount.extend({ email: z.string().optional() });
export type AdminAccountListEntry = z.infer<typeof adminAccountListEntry>;
export const adminAccountList = z.array(adminAccountListEntry);

/** The longest username an account may have: the API refuses more, the Add Admin form types no more. */
export const usernameMaxLength = 80;

const username = z
  .string({ error: 'username is required' })
  .trim()
  .min(1, { error: 'username is required' })
  .max(usernameMaxLength, { error: `username must be at most ${usernameMaxLength} characters` })
  // A name is shown in the admin, in e-mails and as the author of content commits: no line break,
  // invisible format character or angle bracket that could forge another line or identity there.
  .refine((value) => !controlCharacter.test(value) && !/[<>]/.test(value), {
    error: 'username cannot contain < or >, line breaks or invisible characters',
  });

/** Without a password, the new admin is invited by e-mail to choose one (only when the server sends e-mail). */
export const createAdminInput = z.object({
  username,
  email: emailAddress,
  password: newPassword.optional(),
  role: adminRole.default('admin'),
});
export type CreateAdminInput = z.input<typeof createAdminInput>;

/** The Edit Admin form sends the password only when it is not blank after trimming. */
export const updateAdminInput = z.object({
  username: username.optional(),
  email: emailAddress,
  role: adminRole,
  password: newPassword.optional(),
});
export type UpdateAdminInput = z.input<typeof updateAdminInput>;

export const adminSaved = z.object({ message: z.string(), admin: adminAccount });
export type AdminSaved = z.infer<typeof adminSaved>;
