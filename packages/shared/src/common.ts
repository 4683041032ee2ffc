import { z } from 'zod';

/** Every error the API sends has this shape, whatever the status code. */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Record ids are positive integers, sent as `_id` for compatibility with the spec's clients. */
export const idParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive({ error: 'id must be a positive integer' }),
});

/** E-mail addresses are compared trimmed and in lower case everywhere. */
export const emailAddress = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'email is too long' })
  .pipe(z.email({ error: 'email is not a valid e-mail address' }));
