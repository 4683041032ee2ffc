import { z } from 'zod';
import { contentReport } from './content-report.ts';

/** How a post change reaches the public site: built by the API, handed to a deploy hook, or not at all. */
export const siteRebuildModes = ['local', 'hook', 'off'] as const;
export type SiteRebuildMode = (typeof siteRebuildModes)[number];

export const siteBuildStatus = z.object({
  state: z.enum(['idle', 'scheduled', 'building']),
  mode: z.enum(siteRebuildModes),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  /**
   * Why the last build failed, in plain words: the file and field of a content error, or "the
   * build stopped: …" with the first line of its output that says why (never a stack frame).
   */
  lastError: z.string().nullable(),
  /** When a failed build is tried again by itself (30 s, 2 min, then 10 min after each failure); null when none is due. */
  nextRetryAt: z.string().nullable(),
  lastDurationMs: z.number().nullable(),
  /** Of the last local build's pages, how many Astro rendered and how many it reused unchanged. */
  lastPages: z.object({ rendered: z.number(), reused: z.number() }).nullable(),
  /** The launch checklist of the content folder as it is now (null when the API has no content folder to read). */
  content: contentReport.nullable(),
  /**
   * True while the content folder cannot go live: the site is built (posts included) from the
   * last content that built, and `content` says which file and field to fix.
   */
  contentHeldBack: z.boolean(),
  /**
   * When the posts and the content last changed (ISO 8601), for each one the site does not show
   * yet; null once a build with it went live. A change waits while a build is scheduled or
   * running, after a failed build, and, for the content, while it is held back
   * (`contentHeldBack`). Nothing waits without builds (mode `off`).
   */
  notLive: z.object({ posts: z.string().nullable(), content: z.string().nullable() }),
});

/** What changes the public site: a post published, changed or removed, or the content folder. */
export const siteChanges = ['posts', 'content'] as const;
export type SiteChange = (typeof siteChanges)[number];
export type SiteBuildStatus = z.infer<typeof siteBuildStatus>;

/** What GET /api/site/status answers: the build's status and where visitors read the site, for links to it. */
export const siteStatus = siteBuildStatus.extend({ siteUrl: z.string() });
export type SiteStatus = z.infer<typeof siteStatus>;
