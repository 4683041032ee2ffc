import type { SiteStatus } from '@cfp/shared';
import { adminPaths } from '@cfp/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { getSiteStatusQueryOptions } from '../api/get-site-status.ts';
import { useAnnouncedText } from '../hooks/use-announced-text.ts';
import { buildProgress, postUrl } from '../lib/public-state.ts';

/** A saved change to a post that the public site has to follow: published, updated while live, or taken off. */
export interface PostChange {
  action: 'publish' | 'update' | 'unpublish';
  title: string;
  slug: string;
  /** The saved post's updatedAt, by the server's clock, as are the build times it is compared with. */
  savedAt: string;
}

interface Publication {
  change: PostChange | null;
  follow: (change: PostChange | null) => void;
}

const PublicationContext = createContext<Publication>({ change: null, follow: () => {} });

/** Starts following a change: its notice stays, on every screen, until the site has it (or failed) and it is dismissed. */
export function useFollowPublication(): (change: PostChange) => void {
  return useContext(PublicationContext).follow;
}

export function PublicationProvider({ children }: { children: ReactNode }) {
  const [change, setChange] = useState<PostChange | null>(null);
  const queryClient = useQueryClient();
  const follow = (next: PostChange | null) => {
    setChange(next);
    // The status read before the save knows nothing of the build it asked for.
    if (next) void queryClient.invalidateQueries({ queryKey: getSiteStatusQueryOptions().queryKey });
  };
  return <PublicationContext.Provider value={{ change, follow }}>{children}</PublicationContext.Provider>;
}

const secondsEstimate = (site: SiteStatus) => Math.max(5, Math.ceil((site.lastDurationMs ?? 15_000) / 1000));

function NoticeText({ change, site }: { change: PostChange; site: SiteStatus }) {
  const title = `“${change.title}”`;
  if (site.mode === 'off') {
    return <>Saved. This server does not publish the site by itself: “Republish site” on the dashboard puts the change online.</>;
  }
  const progress = buildProgress(change.savedAt, site);
  if (progress === 'failed') {
    return (
      <>
        Publishing {title} failed: the site still shows its previous version ({site.lastError}).{' '}
        <Link to={adminPaths.dashboard}>See the site’s status</Link>
      </>
    );
  }
  if (change.action === 'unpublish') {
    return progress === 'pending' ? (
      <>
        Taking {title} off the site… gone in about {secondsEstimate(site)} s.
      </>
    ) : (
      <>Off the site: {title} is no longer public. It stays here as a draft.</>
    );
  }
  if (progress === 'pending') {
    return (
      <>
        Publishing {title}… live in about {secondsEstimate(site)} s.
      </>
    );
  }
  return (
    <>
      Live: <a href={postUrl(site, change.slug)}>view the post</a> {title} on the site.
    </>
  );
}

/**
 * Follows the site's build after a post is published, updated or unpublished, above every
 * screen until dismissed; each step is said once through the admin's live region.
 */
export function PublicationNotice() {
  const { change, follow } = useContext(PublicationContext);
  const site = useQuery({
    ...getSiteStatusQueryOptions(),
    enabled: change !== null,
    refetchInterval: (query) => {
      const status = query.state.data;
      return change && status && buildProgress(change.savedAt, status) === 'pending' ? 1000 : false;
    },
  });
  const shown = change && site.data;
  const textRef = useRef<HTMLParagraphElement>(null);
  useAnnouncedText(textRef);

  return (
    <div className={shown ? 'publication-notice publication-notice--shown' : 'publication-notice'}>
      <p ref={textRef} className="publication-notice__text">
        {shown && <NoticeText change={change} site={site.data} />}
      </p>
      {shown && (
        <button type="button" className="button button--small button--secondary" onClick={() => follow(null)}>
          Dismiss
        </button>
      )}
    </div>
  );
}
