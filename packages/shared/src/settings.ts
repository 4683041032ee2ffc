import { z } from 'zod';

/** What the admin app asks the API once signed in: how the server is set up, where it changes what staff see. */
export const adminSettings = z.object({
  /** The centre's time zone (IANA name, e.g. Africa/Douala): every date staff read or export is in it. */
  timeZone: z.string(),
  /** True when the server sends e-mail (SMTP set): new admins are invited and passwords reset by a link. */
  mail: z.boolean(),
});
export type AdminSettings = z.infer<typeof adminSettings>;
