import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Logo } from '../components/ui/logo';
import { isChunkLoadFailure } from '../lib/chunk-load';
import { RuntimeConfigError } from '../lib/runtime-config-error';
import './route-error-page.css';

/**
 * What a route shows when its page fails to load or throws while rendering: a friendly page with a retry,
 * instead of a blank screen. Retry reloads, because a failed lazy import stays failed for the page's
 * lifetime.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const chunkFailure = isChunkLoadFailure(error);
  const configFailure = error instanceof RuntimeConfigError;
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
          {configFailure
            ? 'Ringly could not load its configuration. Please refresh the page in a moment.'
            : chunkFailure
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

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { failed: boolean; error?: unknown; failedAt?: string };

/**
 * Catches what a route throws (a page that failed to load, a render error) and shows RouteErrorPage until
 * the visitor goes to another path. Not keyed by path: that would remount the signed-in shell, and with it
 * the auth state, on every navigation.
 */
class RouteErrorBoundaryForPath extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failed && state.failedAt !== undefined && state.failedAt !== props.pathname) {
      return { failed: false, error: undefined, failedAt: undefined };
    }
    return null;
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo) {
    this.setState({ failedAt: this.props.pathname });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundaryForPath pathname={pathname}>{children}</RouteErrorBoundaryForPath>;
}
