import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { CenteredStatus } from '../../../components/ui/centered-status';
import { rememberConversationLink } from '../../../lib/conversation-link';
import { useAuth } from '../hooks/auth-context';

/**
 * Spec §2 "Protected-route guard": 'Loading...' while checking, /login (replacing history) when signed out.
 * An owner who just pressed Sign Out goes to the site root instead, the configured post-sign-out redirect.
 * A conversation link from an e-mail is kept for after sign-in (lib/conversation-link.ts).
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status, signedOutByUser } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>;
  if (status === 'signedOut') {
    if (!signedOutByUser) rememberConversationLink(location.pathname, location.search);
    // The navigation keeps this screen on view until the next one's code has arrived: 'Loading...' then,
    // not the empty page <Navigate> alone would leave.
    return (
      <>
        <CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>
        <Navigate to={signedOutByUser ? '/' : '/login'} replace />
      </>
    );
  }
  return <>{children}</>;
}

/** The guard as a layout route, loaded with the account screens. */
export default function ProtectedOutlet() {
  return (
    <ProtectedRoute>
      <Outlet />
    </ProtectedRoute>
  );
}
