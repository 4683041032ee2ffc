import { z } from 'zod';

/**
 * `config.json` beside the admin's index.html, read by the app before anything else: one build
 * serves any domain, and a deployer changes the API's address by editing this one file.
 */
export const adminRuntimeConfig = z.object({
  /** The API's base URL: `/api` on the admin's own origin, or an absolute URL such as https://api.example.cm/api. */
  apiUrl: z
    .string()
    .regex(/^(\/|https?:\/\/)\S*$/, { error: 'apiUrl must be a path such as /api or an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, '')),
});
export type AdminRuntimeConfig = z.infer<typeof adminRuntimeConfig>;
