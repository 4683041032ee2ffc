import type { ContentSaveResponse, SiteStatus } from '@cfp/shared';
import { adminPaths } from '@cfp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { getSiteStatusQueryOptions } from '../../../api/get-site-status.ts';
import { buildProgress } from '../../../lib/public-state.ts';

// As often as the post notice: a warm build takes a few seconds, and "Live" should follow the page within one.
const pollEveryMs = 1000;
const giveUpAfterMs = 3 * 60_000;

type Stage = 'publishing' | 'live' | 'failed' | 'heldBack' | 'slow' | 'manual';

function stageOf(savedAt: string, site: SiteStatus | undefined, timedOut: boolean): Stage {
  if (!site) return 'publishing';
  if (site.mode === 'off') return 'manual';
  const progress = buildProgress(savedAt, site);
  if (progress === 'failed') return 'failed';
  if (progress === 'done') return site.contentHeldBack ? 'heldBack' : 'live';
  return timedOut ? 'slow' : 'publishing';
}

/**
 * The site's status, read every second until a build that started after the save is over (or 3
 * minutes passed): the status read before the save knows nothing of the build it asked for.
 */
function usePublicationStage(savedAt: string): { stage: Stage; site: SiteStatus | undefined } {
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: getSiteStatusQueryOptions().queryKey });
    const timer = setTimeout(() => setTimedOut(true), giveUpAfterMs);
    return () => clearTimeout(timer);
  }, [queryClient]);
  const site = useQuery({
    ...getSiteStatusQueryOptions(),
    refetchInterval: (query) => (stageOf(savedAt, query.state.data, timedOut) === 'publishing' ? pollEveryMs : false),
  });
  return { stage: stageOf(savedAt, site.data, timedOut), site: site.data };
}

function StageText({ stage, site, path }: { stage: Stage; site: SiteStatus | undefined; path: string }) {
  switch (stage) {
    case 'live':
      return (
        <>
          Live on the site: <a href={`${site?.siteUrl ?? ''}${path}`}>view the page</a>.
        </>
      );
    case 'failed':
      return (
        <>
          Saved, but the site could not be rebuilt: it still shows the previous version.{' '}
          <Link to={adminPaths.dashboard}>See the site’s status</Link>
          {site?.lastError && <span className="alert__detail">{site.lastError}</span>}
        </>
      );
    case 'heldBack':
      return (
        <>
          Saved, but the content is held back: the site keeps the last content that worked until the points of the launch
          checklist are fixed. <Link to={adminPaths.dashboard}>See the checklist</Link>
        </>
      );
    case 'slow':
      return (
        <>
          Saved. The site has not been rebuilt after 3 minutes: <Link to={adminPaths.dashboard}>see the site’s status</Link>.
        </>
      );
    case 'manual':
      return (
        <>Saved. This server does not publish the site by itself: “Republish site” on the dashboard puts the change online.</>
      );
    default:
      return <>Saved. Publishing…</>;
  }
}

const stageKinds: Record<Stage, 'success' | 'error' | 'info'> = {
  publishing: 'info',
  live: 'success',
  failed: 'error',
  heldBack: 'error',
  slow: 'info',
  manual: 'info',
};

function Publication({ outcome }: { outcome: ContentSaveResponse }) {
  const { stage, site } = usePublicationStage(outcome.savedAt);
  return (
    <div className={`alert alert--${stageKinds[stage]}`}>
      <StageText stage={stage} site={site} path={outcome.path} />
      {outcome.unpushed > 0 && (
        <span className="alert__detail">
          Saved on this server; not yet in the shared git repository — it will be sent automatically.
        </span>
      )}
    </div>
  );
}

/**
 * What became of a save (or an undo): nothing to save, or the way to the public site, step by
 * step. Shown inside a live region that is always there (the form's Save bar), which says each
 * step itself, so it is not said a second time through the announcer.
 */
export function SaveOutcome({ outcome }: { outcome: ContentSaveResponse }) {
  if (outcome.unchanged) return <div className="alert alert--info">Nothing to save: no value changed.</div>;
  return <Publication outcome={outcome} />;
}
