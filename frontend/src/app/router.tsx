import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { CenteredStatus } from '../components/ui/centered-status';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { withChunkTimeout } from '../lib/chunk-load';
import { RouteErrorPage } from './route-error-page';

// Pages load on demand so the landing page ships only what it shows; a chunk that never arrives fails
// after the spec's 120 s and the route's error page offers a retry.
const LandingPage = lazy(
  withChunkTimeout('landing-page', () => import('../features/landing/components/landing-page')),
);
const PrivacyPage = lazy(
  withChunkTimeout('privacy-page', () => import('../features/legal/components/privacy-page')),
);
const TermsPage = lazy(
  withChunkTimeout('terms-page', () => import('../features/legal/components/terms-page')),
);
const SignUpPage = lazy(
  withChunkTimeout('signup-page', () => import('../features/auth/components/signup-page')),
);
const LoginPage = lazy(
  withChunkTimeout('login-page', () => import('../features/auth/components/login-page')),
);
const OAuthCallbackPage = lazy(
  withChunkTimeout('oauth-callback-page', () => import('../features/auth/components/oauth-callback-page')),
);
const PlansPage = lazy(
  withChunkTimeout('plans-page', () => import('../features/plans/components/plans-page')),
);
const SetupPage = lazy(
  withChunkTimeout('setup-page', () => import('../features/setup/components/setup-page')),
);
const DashboardPage = lazy(
  withChunkTimeout('dashboard-page', () => import('../features/dashboard/components/dashboard-page')),
);
const SignedInShell = lazy(withChunkTimeout('signed-in-shell', () => import('./signed-in-shell')));
const ProtectedOutlet = lazy(
  withChunkTimeout('protected-route', () => import('../features/auth/components/protected-route')),
);

const errorElement = <RouteErrorPage />;

const page = (element: React.ReactNode) => (
  <Suspense fallback={<CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>}>{element}</Suspense>
);

const router = createBrowserRouter([
  // Public pages render without the identity SDK.
  { path: '/', element: page(<LandingPage />), errorElement },
  { path: '/privacy', element: page(<PrivacyPage />), errorElement },
  { path: '/toc', element: page(<TermsPage />), errorElement },
  {
    element: page(<SignedInShell />),
    errorElement,
    children: [
      { path: '/signup', element: page(<SignUpPage />) },
      { path: '/login', element: page(<LoginPage />) },
      { path: '/oauth/callback', element: page(<OAuthCallbackPage />) },
      {
        element: page(<ProtectedOutlet />),
        errorElement,
        children: [
          { path: '/plans', element: page(<PlansPage />) },
          { path: '/pricing', element: page(<PlansPage />) },
          { path: '/setup', element: page(<SetupPage />) },
          { path: '/dashboard', element: page(<DashboardPage />) },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
