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
