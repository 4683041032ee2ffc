import type { BlogPostSummary } from '@cfp/shared';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { publicState, publicStateLabels } from '../../../lib/public-state.ts';

/** Draft, Live, Publishing… or Publishing failed: the post as visitors see it now. */
export function PostStateBadge({ post }: { post: Pick<BlogPostSummary, 'status' | 'updatedAt'> }) {
  const site = useSiteStatus();
  const state = publicState(post, site.data);
  return <span className={`badge badge--${state}`}>{publicStateLabels[state]}</span>;
}
