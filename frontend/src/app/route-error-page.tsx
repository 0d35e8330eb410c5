import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { Logo } from '../components/ui/logo';
import { isChunkLoadFailure } from '../lib/chunk-load';
import './route-error-page.css';

/**
 * What a route shows when its page fails to load or throws while rendering: a friendly page with a retry,
 * instead of React Router's developer screen. Retry reloads, because a failed lazy import stays failed
 * for the page's lifetime.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkFailure = isChunkLoadFailure(error);
  useEffect(() => {
    console.warn('Route error', error);
  }, [error]);
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : null;
  return (
    <div className="route-error">
      <Logo />
      <main className="card route-error-card" role="alert">
        <h1>{chunkFailure ? 'This page could not be loaded' : 'Something went wrong'}</h1>
        <p>
          {chunkFailure
            ? 'Part of the app did not arrive. Check your connection and try again.'
            : 'Sorry, this screen ran into a problem. Trying again usually fixes it; your saved work is safe.'}
        </p>
        <div className="route-error-actions">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Try again
          </button>
          <a className="btn btn-secondary" href="/">
            Go to the home page
          </a>
        </div>
        {detail ? <p className="route-error-detail">{detail}</p> : null}
      </main>
    </div>
  );
}
