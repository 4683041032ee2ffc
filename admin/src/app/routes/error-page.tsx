import { adminPaths } from '@cfp/shared';
import { isRouteErrorResponse, useHref, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

function describe(error: unknown): { message: string; stack: string | undefined } {
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}`.trim(), stack: undefined };
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string' && error) return { message: error, stack: undefined };
  return { message: 'Unknown error', stack: undefined };
}

/** A page chunk that no longer exists on the server: the back-office was updated while this tab was open. */
const staleBuild = /dynamically imported module|importing a module script failed|error loading dynamically imported/i;

/**
 * The fallback for anything that breaks while rendering: 'Unexpected Application Error!' and
 * the message; the stack only in development, where it helps and tells no one else about the code.
 */
export function ErrorPage({ standalone = false }: { standalone?: boolean }) {
  useDocumentTitle('Unexpected Application Error!');
  const error = useRouteError();
  const dashboard = useHref(adminPaths.dashboard);
  const { message, stack } = describe(error);

  const page = (
    <section className="status-page status-page--error" role="alert" aria-labelledby="error-title">
      <h1 id="error-title">Unexpected Application Error!</h1>
      <h2 className="status-page__message">{message}</h2>
      {staleBuild.test(message) && (
        <p className="status-page__text">The back-office has probably been updated since this page was opened.</p>
      )}
      {import.meta.env.DEV && stack && <pre className="status-page__stack">{stack}</pre>}
      <p className="status-page__text">Reloading the page usually helps; the blog editor offers back any unsaved draft.</p>
      <div className="status-page__actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a className="button button--secondary" href={dashboard}>
          Go to the dashboard
        </a>
      </div>
    </section>
  );
  // Outside the shell (login, or the shell itself failed) the page stands alone on the screen.
  return standalone ? <main className="status-screen">{page}</main> : page;
}
