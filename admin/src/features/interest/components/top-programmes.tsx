import './top-programmes.css';
import { adminPaths } from '@cfp/shared';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useInterest } from '../api/get-interest.ts';
import { formatCount } from '../interest-columns.ts';

/** The dashboard's five programmes most read this week (since Monday), with what their readers asked. */
export function TopProgrammes() {
  const interest = useInterest(1);
  const top = (interest.data?.programmes ?? [])
    .map((programme) => ({ ...programme, views: programme.totals.viewsFr + programme.totals.viewsEn }))
    .filter((programme) => programme.views > 0)
    .sort((a, b) => b.views - a.views || a.title.localeCompare(b.title, 'fr'))
    .slice(0, 5);
  return (
    <section className="panel" aria-labelledby="top-programmes-title">
      <div className="panel__head">
        <h2 id="top-programmes-title">This week's most read programmes</h2>
        <Link to={adminPaths.interest}>See the interest</Link>
      </div>
      {interest.isPending && <Spinner label="Counting..." />}
      {interest.isError && <Alert kind="error">{errorMessage(interest.error, 'Error fetching the figures')}</Alert>}
      {interest.data &&
        (top.length === 0 ? (
          <p className="empty-state">No programme page shown yet this week.</p>
        ) : (
          <ol className="top-programmes">
            {top.map((programme) => (
              <li key={programme.slug}>
                <span className="top-programmes__title">{programme.title}</span>
                <span className="top-programmes__figures">
                  {formatCount(programme.views)} {programme.views === 1 ? 'page' : 'pages'} shown,{' '}
                  {formatCount(programme.totals.preEnrolments)}{' '}
                  {programme.totals.preEnrolments === 1 ? 'pre-enrolment' : 'pre-enrolments'}
                </span>
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
