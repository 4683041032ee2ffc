import type { ContentProblem, ContentReport } from '@cfp/shared';
import { useSiteStatus } from '../api/get-site-status.ts';

const groups: Array<{ kind: ContentProblem['kind']; title: string; help: string }> = [
  {
    kind: 'error',
    title: 'Content errors',
    help: 'The site cannot use these files until they are fixed; until then it shows the last content that worked.',
  },
  {
    kind: 'missing',
    title: 'Centre details to fill in',
    help: 'Edit content/centre.yaml. Until a detail is filled in, the site leaves it out and offers the contact form instead.',
  },
  {
    kind: 'unconfirmed',
    title: 'Programmes the centre has not confirmed',
    help: 'Their durations, levels, diplomas and schedules were written for the site. Once the centre has checked a file, set confirmed: true in it.',
  },
];

export function ProblemList({ problems }: { problems: ContentProblem[] }) {
  return (
    <ul className="checklist__items">
      {problems.map((problem) => (
        <li key={`${problem.file}:${problem.field}:${problem.message}`}>
          <code>
            {problem.file}
            {problem.field && ` › ${problem.field}`}
          </code>{' '}
          <span lang="fr">{problem.message}</span>
          {problem.optional && <span className="checklist__optional"> (optional)</span>}
        </li>
      ))}
    </ul>
  );
}

function Summary({ report }: { report: ContentReport }) {
  const required = report.problems.filter((problem) => !problem.optional).length;
  if (report.problems.length === 0)
    return <p className="checklist__summary">Ready to launch: every detail is filled in and every programme is confirmed.</p>;
  return (
    <p className="checklist__summary">
      {required === 0
        ? 'Only optional details are left.'
        : `${required} ${required === 1 ? 'point needs' : 'points need'} attention before the site is launched.`}{' '}
      {report.strict && report.blocking && 'This server refuses to publish the content until they are done (CONTENT_STRICT).'}
    </p>
  );
}

/**
 * What keeps the public site from launch, read from the content folder by the API
 * (`pnpm content:check` prints the same list): each point with the file and field to edit.
 */
export function LaunchChecklist() {
  const report = useSiteStatus().data?.content;
  if (!report) return null;
  return (
    <section className="panel checklist" aria-labelledby="launch-checklist-title">
      <div className="panel__head">
        <h2 id="launch-checklist-title">Launch checklist</h2>
      </div>
      <Summary report={report} />
      {groups.map(({ kind, title, help }) => {
        const problems = report.problems.filter((problem) => problem.kind === kind);
        if (problems.length === 0) return null;
        return (
          <details key={kind} className="checklist__group" open={kind === 'error'}>
            <summary>
              {title} ({problems.length})
            </summary>
            <p className="checklist__help">{help}</p>
            {kind === 'unconfirmed' ? (
              <ul className="checklist__files">
                {problems.map(({ file }) => (
                  <li key={file}>
                    <code>{file}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <ProblemList problems={problems} />
            )}
          </details>
        );
      })}
    </section>
  );
}
