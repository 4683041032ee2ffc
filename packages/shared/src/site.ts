import { z } from 'zod';

export const siteBuildStatus = z.object({
  state: z.enum(['idle', 'scheduled', 'building']),
  mode: z.enum(['local', 'hook', 'off']),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
});
export type SiteBuildStatus = z.infer<typeof siteBuildStatus>;
