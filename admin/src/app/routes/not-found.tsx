import { adminPaths } from '@cfp/shared';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** An admin address that does not exist: said plainly, at that address (no redirect hides the mistake). */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p className="status-page__text">
        There is no admin page at <code>/admin{pathname}</code>. Check the address, or go back to where you were.
      </p>
      <div className="status-page__actions">
        <button type="button" className="button button--secondary" onClick={() => navigate(-1)}>
          Go back
        </button>
        <Link className="button" to={adminPaths.dashboard}>
          Go to the dashboard
        </Link>
      </div>
    </section>
  );
}
