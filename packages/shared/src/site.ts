import { z } from 'zod';

/** How a post change reaches the public site: built by the API, handed to a deploy hook, or not at all. */
export const siteRebuildModes = ['local', 'hook', 'off'] as const;
export type SiteRebuildMode = (typeof siteRebuildModes)[number];

export const siteBuildStatus = z.object({
  state: z.enum(['idle', 'scheduled', 'building']),
  mode: z.enum(siteRebuildModes),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  /** Of the last local build's pages, how many Astro rendered and how many it reused unchanged. */
  lastPages: z.object({ rendered: z.number(), reused: z.number() }).nullable(),
});
export type SiteBuildStatus = z.infer<typeof siteBuildStatus>;
