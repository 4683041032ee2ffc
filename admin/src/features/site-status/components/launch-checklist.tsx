import {
  type ContentFieldNames,
  type ContentProblem,
  type ContentReport,
  countPoints,
  fieldLabel,
  type PointCount,
  pointCountInWords,
} from '@cfp/shared';
import { Link } from 'react-router-dom';
import { useSiteStatus } from '../../../api/get-site-status.ts';
import { type ChecklistItem, checklistHref, checklistItems } from '../checklist-items.ts';

const groups: Array<{ kind: ContentProblem['kind']; title: string; help: string }> = [
  {
    kind: 'error',
    title: 'Content errors',
    help: 'The site cannot use this content until it is fixed; until then it shows the last content that worked.',
  },
  {
    kind: 'missing',
    title: 'Centre details to fill in',
    help: 'Follow a link to fill the detail in. Until it is given, the site leaves it out and offers the contact form instead.',
  },
  {
    kind: 'unconfirmed',
    title: 'Programmes the centre has not confirmed',
    help: 'Their durations, levels, diplomas and schedules were written for the site. Once the centre has checked a programme, tick “Facts confirmed by the centre” in its form.',
  },
  {
    kind: 'untranslated',
    title: 'English texts to translate or update',
    help: 'The French text changed after its English version was written: the English page still shows the older translation. Follow a link to read the English beside the French: once it says the same, tick “The English says the same as the French” and save (a department or a page, in git: pnpm content:translated).',
  },
];

function Item({ item }: { item: ChecklistItem }) {
  const optional = item.optional && <span className="checklist__optional"> (optional)</span>;
  if (!item.link) {
    return (
      <li>
        {item.problems.map((problem) => (
          <span key={problem.message} lang="fr">
            {problem.message}
          </span>
        ))}
        {optional}
      </li>
    );
  }
  return (
    <li>
      <Link to={checklistHref(item.link)}>{item.link.label}</Link>
      {optional}
    </li>
  );
}

/**
 * Where each point comes from, for whoever edits the content files in git; staff never need it.
 * A description list, not list items: the points are the checklist's only items.
 */
function TechnicalDetails({ problems }: { problems: ContentProblem[] }) {
  return (
    <details className="checklist__technical disclosure-marker">
      <summary>Technical details (for developers)</summary>
      <dl>
        {problems.map((problem) => (
          <div key={`${problem.file}:${problem.field}:${problem.message}`}>
            <dt>
              <code>
                {problem.file}
                {problem.field && ` › ${fieldLabel(problem.file, problem.field)}`}
              </code>
            </dt>
            <dd lang="fr">{problem.message}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function ChecklistPoints({ items, problems }: { items: ChecklistItem[]; problems: ContentProblem[] }) {
  return (
    <>
      <ul className="checklist__items">
        {items.map((item) => (
          <Item key={item.key} item={item} />
        ))}
      </ul>
      <TechnicalDetails problems={problems} />
    </>
  );
}

/** What the links to the fields are called by (a phone's label, a programme's title): the page reads them from the content. */
interface NamesProps {
  names: ContentFieldNames;
}

/** The problems as links to the fields that fix them, with their technical details apart. */
export function ProblemList({ problems, names }: NamesProps & { problems: ContentProblem[] }) {
  return <ChecklistPoints items={checklistItems(problems, names)} problems={problems} />;
}

function Summary({ report, count }: { report: ContentReport; count: PointCount }) {
  if (report.problems.length === 0)
    return <p className="checklist__summary">Ready to launch: every detail is filled in and every programme is confirmed.</p>;
  return (
    <p className="checklist__summary">
      {count.required === 0
        ? `Only optional details are left (${count.optional}).`
        : `Points before the site is launched: ${pointCountInWords(count)}.`}{' '}
      {report.strict && report.blocking && 'This server refuses to publish the content until they are done (CONTENT_STRICT).'}
    </p>
  );
}

function Checklist({ report, names }: NamesProps & { report: ContentReport }) {
  const shown = groups
    .map((group) => {
      const problems = report.problems.filter((problem) => problem.kind === group.kind);
      return { ...group, problems, items: checklistItems(problems, names) };
    })
    .filter((group) => group.problems.length > 0);
  const count = countPoints(shown.filter((group) => group.kind !== 'error').flatMap((group) => group.items));

  return (
    <section className="panel checklist" aria-labelledby="launch-checklist-title">
      <div className="panel__head">
        <h2 id="launch-checklist-title">Launch checklist</h2>
      </div>
      <Summary report={report} count={count} />
      {shown.map(({ kind, title, help, problems, items }) => (
        // Open, but for the long lists (programmes, translations): each point is a link to follow.
        <details
          key={kind}
          className="checklist__group disclosure-marker"
          open={kind !== 'unconfirmed' && kind !== 'untranslated'}
        >
          <summary>
            {title} ({kind === 'error' ? items.length : pointCountInWords(countPoints(items))})
          </summary>
          <p className="checklist__help">{help}</p>
          <ChecklistPoints items={items} problems={problems} />
        </details>
      ))}
    </section>
  );
}

/**
 * What keeps the public site from launch, read from the content folder by the API
 * (`pnpm content:check` prints the same list): each point a link to the field that fixes it.
 */
export function LaunchChecklist({ names }: NamesProps) {
  const report = useSiteStatus().data?.content;
  if (!report) return null;
  return <Checklist report={report} names={names} />;
}
