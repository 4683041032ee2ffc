import type { ContentFieldNames, SiteBuildStatus } from '@cfp/shared';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { Alert } from '../../../components/alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatTime } from '../../../lib/format.ts';
import { useRebuildSite } from '../api/rebuild-site.ts';
import { heldBackProblems, lastRunFailed, notLiveSentences } from '../not-live.ts';
import { ProblemList } from './launch-checklist.tsx';

function Summary({ status, notLive }: { status: SiteBuildStatus; notLive: string[] }) {
  if (status.state === 'building') {
    return (
      <p className="site-status__state">
        <span className="status-dot status-dot--busy" aria-hidden="true" />
        Publishing the site now...
      </p>
    );
  }
  if (status.state === 'scheduled') {
    return (
      <p className="site-status__state">
        <span className="status-dot status-dot--busy" aria-hidden="true" />
        Publication scheduled: recent changes go live in a few moments.
      </p>
    );
  }
  if (lastRunFailed(status)) {
    return (
      <p className="site-status__state">
        <span className="status-dot status-dot--error" aria-hidden="true" />
        The last publication failed ({formatDateTime(status.lastFailureAt)}).{' '}
        {status.nextRetryAt
          ? `Retrying at ${formatTime(status.nextRetryAt)}.`
          : 'It is not retried again by itself: fix the cause, then “Republish site”.'}
      </p>
    );
  }
  if (!status.lastSuccessAt) {
    return (
      <p className="site-status__state">
        <span className="status-dot status-dot--idle" aria-hidden="true" />
        Not published yet.
      </p>
    );
  }
  const upToDate = notLive.length === 0;
  return (
    <p className="site-status__state">
      <span className={`status-dot status-dot--${upToDate ? 'ok' : 'error'}`} aria-hidden="true" />
      {upToDate ? 'Up to date.' : 'Not up to date.'} Last published {formatDateTime(status.lastSuccessAt)}.
    </p>
  );
}

/** Each change the site does not show yet, with why. */
function NotLive({ sentences }: { sentences: string[] }) {
  if (sentences.length === 0) return null;
  return (
    <ul className="site-status__not-live">
      {sentences.map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
    </ul>
  );
}

/** The content folder does not build: the site (posts included) is published from the last content that did. */
function HeldBackContent({ report, names }: { report: SiteBuildStatus['content']; names: ContentFieldNames }) {
  const errors = heldBackProblems(report);
  return (
    <div className="site-status__error">
      <p>
        The site is published with the last content that worked, and posts still go live. Fix{' '}
        {errors.length === 1 ? 'this point' : 'these points'} and the site updates by itself:
      </p>
      <ProblemList problems={errors} names={names} />
    </div>
  );
}

const modeNotes: Record<SiteBuildStatus['mode'], string> = {
  local: 'Published posts and changes to the content files go live automatically within a minute.',
  hook: 'Changes are sent to the hosting service, which rebuilds the site.',
  off: 'Automatic publishing is turned off on this server.',
};

/** Where the builds stand, what is not on the site yet and why. */
function CurrentState({ status, names }: { status: SiteBuildStatus; names: ContentFieldNames }) {
  const notLive = notLiveSentences(status);
  return (
    <div role="status">
      <Summary status={status} notLive={notLive} />
      <NotLive sentences={notLive} />
      {lastRunFailed(status) && status.lastError && <p className="site-status__error">Cause: {status.lastError}</p>}
      {status.contentHeldBack && <HeldBackContent report={status.content} names={names} />}
      <p className="site-status__note">
        {modeNotes[status.mode]}
        {status.lastDurationMs !== null && ` Last build took ${Math.max(1, Math.round(status.lastDurationMs / 1000))} s.`}
        {status.lastPages && ` ${status.lastPages.rendered} pages updated, ${status.lastPages.reused} unchanged.`}
      </p>
    </div>
  );
}

/**
 * Whether the public site shows the latest posts, and a way to publish it again. `names` name the
 * links to the fields of content the site refused.
 */
export function SiteStatusPanel({ names }: { names: ContentFieldNames }) {
  const status = useSiteStatus();
  const rebuild = useRebuildSite();
  const busy = status.data?.state === 'building' || status.data?.state === 'scheduled';

  return (
    <section className="panel site-status" aria-labelledby="site-status-title" aria-busy={busy}>
      <div className="panel__head">
        <h2 id="site-status-title">Public site</h2>
        <button
          type="button"
          className="button button--small"
          aria-describedby="republish-hint"
          onClick={() => rebuild.mutate()}
          disabled={!status.data || busy || rebuild.isPending || status.data.mode === 'off'}
        >
          {busy || rebuild.isPending ? 'Publishing...' : 'Republish site'}
        </button>
      </div>
      <p className="site-status__hint" id="republish-hint">
        “Republish site” rebuilds the public site from the posts and content as they are now, for when a change does not show
        there.
      </p>
      {status.isPending && <p className="site-status__state">Checking the site...</p>}
      {status.isError && <Alert kind="error">{errorMessage(status.error, 'Could not read the site status')}</Alert>}
      {status.data && <CurrentState status={status.data} names={names} />}
      {rebuild.isError && <Alert kind="error">{errorMessage(rebuild.error, 'Could not start the publication')}</Alert>}
    </section>
  );
}
