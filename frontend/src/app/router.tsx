import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ProtectedRoute } from '../features/auth/components/protected-route';
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

const page = (element: React.ReactNode) => (
  <Suspense fallback={<CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>}>{element}</Suspense>
);
const protectedPage = (element: React.ReactNode) => page(<ProtectedRoute>{element}</ProtectedRoute>);

const router = createBrowserRouter([
  { path: '/', element: page(<LandingPage />) },
  { path: '/signup', element: page(<SignUpPage />) },
  { path: '/login', element: page(<LoginPage />) },
  { path: '/privacy', element: page(<PrivacyPage />) },
  { path: '/toc', element: page(<TermsPage />) },
  { path: '/oauth/callback', element: page(<OAuthCallbackPage />) },
  { path: '/plans', element: protectedPage(<PlansPage />) },
  { path: '/pricing', element: protectedPage(<PlansPage />) },
  { path: '/setup', element: protectedPage(<SetupPage />) },
  { path: '/dashboard', element: protectedPage(<DashboardPage />) },
  { path: '*', element: <Navigate to="/" replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
