import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { CenteredStatus } from '../components/ui/centered-status';
import { AUTH_MESSAGES } from '@shared/auth-messages';

// Pages load on demand so the landing page ships only what it shows.
const LandingPage = lazy(() => import('../features/landing/components/landing-page'));
const PrivacyPage = lazy(() => import('../features/legal/components/privacy-page'));
const TermsPage = lazy(() => import('../features/legal/components/terms-page'));
const SignUpPage = lazy(() => import('../features/auth/components/signup-page'));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const OAuthCallbackPage = lazy(() => import('../features/auth/components/oauth-callback-page'));
const PlansPage = lazy(() => import('../features/plans/components/plans-page'));
const SetupPage = lazy(() => import('../features/setup/components/setup-page'));
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
const SignedInShell = lazy(() => import('./signed-in-shell'));
const ProtectedOutlet = lazy(() => import('../features/auth/components/protected-route'));

const page = (element: React.ReactNode) => (
  <Suspense fallback={<CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>}>{element}</Suspense>
);

const router = createBrowserRouter([
  // Public pages render without the identity SDK.
  { path: '/', element: page(<LandingPage />) },
  { path: '/privacy', element: page(<PrivacyPage />) },
  { path: '/toc', element: page(<TermsPage />) },
  {
    element: page(<SignedInShell />),
    children: [
      { path: '/signup', element: page(<SignUpPage />) },
      { path: '/login', element: page(<LoginPage />) },
      { path: '/oauth/callback', element: page(<OAuthCallbackPage />) },
      {
        element: page(<ProtectedOutlet />),
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
