import { z } from 'zod';
import { emailAddress } from './common.ts';

export const adminRoles = ['admin', 'superAdmin'] as const;
export const adminRole = z.enum(adminRoles);
export type AdminRole = z.infer<typeof adminRole>;

export const loginRequest = z.object({
  email: emailAddress,
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** `Token` keeps the spec's capitalised key so that clients written against it still work. */
export const loginResponse = z.object({
  Token: z.string(),
  username: z.string(),
  role: adminRole,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const sessionUser = z.object({ username: z.string(), role: adminRole });
export type SessionUser = z.infer<typeof sessionUser>;
