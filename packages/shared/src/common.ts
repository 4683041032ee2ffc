import { z } from 'zod';

/** Every error the API sends has this shape, whatever the status code. */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/**
 * Record ids are positive integers, sent as `_id` for compatibility with existing clients.
 * In URLs only plain decimal digits are ids: no hexadecimal, exponent, sign, spaces or leading zero.
 */
export const idParams = z.object({
  id: z
    .string({ error: 'id is required' })
    .regex(/^[1-9][0-9]{0,14}$/, { error: 'id must be a positive decimal integer, such as 3' })
    .transform(Number),
});

/** E-mail addresses are compared trimmed and in lower case everywhere. */
export const emailAddress = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'email is too long' })
  .pipe(z.email({ error: 'email is not a valid e-mail address' }));
