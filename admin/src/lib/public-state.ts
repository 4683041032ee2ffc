import { type BlogPostSummary, postPath, type SiteStatus } from '@cfp/shared';

/** Where a post stands for visitors: a draft, on the site, on its way there, or held back by a failed build. */
type PublicState = 'draft' | 'live' | 'publishing' | 'failed';

export const publicStateLabels: Record<PublicState, string> = {
  draft: 'Draft',
  live: 'Live',
  publishing: 'Publishing…',
  failed: 'Publishing failed',
};

const after = (time: string | null, change: string) => time !== null && Date.parse(time) >= Date.parse(change);

/**
 * Whether the site has a change saved at `savedAt` (the server's clock): once a build finished
 * after it and none is scheduled or running, since a change saved during a build waits for the
 * next one. Without builds (SITE_REBUILD=off) there is nothing to wait for.
 */
export function buildProgress(savedAt: string, site: SiteStatus): 'pending' | 'done' | 'failed' {
  if (site.mode === 'off') return 'done';
  if (site.state !== 'idle') return 'pending';
  if (after(site.lastSuccessAt, savedAt)) return 'done';
  return after(site.lastFailureAt, savedAt) ? 'failed' : 'pending';
}

const progressStates = { pending: 'publishing', done: 'live', failed: 'failed' } as const;

export function publicState(post: Pick<BlogPostSummary, 'status' | 'updatedAt'>, site: SiteStatus | undefined): PublicState {
  if (post.status === 'draft') return 'draft';
  return site ? progressStates[buildProgress(post.updatedAt, site)] : 'live';
}

export function postUrl(site: Pick<SiteStatus, 'siteUrl'>, slug: string): string {
  return `${site.siteUrl}${postPath(slug)}`;
}
