import type { SiteBuildStatus } from '@cfp/shared';
import { Alert } from '../../../components/alert.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSiteStatus } from '../api/get-site-status.ts';
import { useRebuildSite } from '../api/rebuild-site.ts';
import { ProblemList } from './launch-checklist.tsx';

function lastRunFailed(status: SiteBuildStatus): boolean {
  if (!status.lastFailureAt) return false;
  return !status.lastSuccessAt || status.lastFailureAt > status.lastSuccessAt;
}

function Summary({ status }: { status: SiteBuildStatus }) {
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
        The last publication failed ({formatDateTime(status.lastFailureAt)}).
      </p>
    );
  }
  return (
    <p className="site-status__state">
      <span className={`status-dot status-dot--${status.lastSuccessAt ? 'ok' : 'idle'}`} aria-hidden="true" />
      {status.lastSuccessAt ? `Up to date. Last published ${formatDateTime(status.lastSuccessAt)}.` : 'Not published yet.'}
    </p>
  );
}

/** The content folder does not build: the site (posts included) is published from the last content that did. */
function HeldBackContent({ report }: { report: SiteBuildStatus['content'] }) {
  const errors = report?.problems.filter((problem) => problem.kind === 'error' || (report.strict && !problem.optional)) ?? [];
  return (
    <div className="site-status__error">
      <p>
        The latest changes to the content files are not on the site: it is published with the last content that worked, and posts
        still go live. Fix {errors.length === 1 ? 'this point' : 'these points'} and the site updates by itself:
      </p>
      <ProblemList problems={errors} />
    </div>
  );
}

const modeNotes: Record<SiteBuildStatus['mode'], string> = {
  local: 'Published posts and changes to the content files go live automatically within a minute.',
  hook: 'Changes are sent to the hosting service, which rebuilds the site.',
  off: 'Automatic publishing is turned off on this server.',
};

/** Whether the public site shows the latest posts, and a way to publish it again. */
export function SiteStatusPanel() {
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
      {status.data && (
        <div role="status">
          <Summary status={status.data} />
          {lastRunFailed(status.data) && status.data.lastError && (
            <pre className="site-status__error">{status.data.lastError}</pre>
          )}
          {status.data.contentHeldBack && <HeldBackContent report={status.data.content} />}
          <p className="site-status__note">
            {modeNotes[status.data.mode]}
            {status.data.lastDurationMs !== null &&
              ` Last build took ${Math.max(1, Math.round(status.data.lastDurationMs / 1000))} s.`}
            {status.data.lastPages &&
              ` ${status.data.lastPages.rendered} pages updated, ${status.data.lastPages.reused} unchanged.`}
          </p>
        </div>
      )}
      {rebuild.isError && <Alert kind="error">{errorMessage(rebuild.error, 'Could not start the publication')}</Alert>}
    </section>
  );
}
