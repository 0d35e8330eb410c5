import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CenteredStatus } from '../components/ui/centered-status';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { withChunkTimeout } from '../lib/chunk-load';
import { RouteErrorBoundary } from './route-error-page';

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

const page = (element: React.ReactNode) => (
  <Suspense fallback={<CenteredStatus>{AUTH_MESSAGES.loading}</CenteredStatus>}>{element}</Suspense>
);

/**
 * Declarative routes (BrowserRouter), not the data router: no route uses loaders or actions, and the data
 * router's code is about 17 KB gzip of the landing page's JavaScript. What a route throws (a chunk that did
 * not arrive, a render error) reaches RouteErrorBoundary, which shows the error page until the path changes.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The routes under any router: BrowserRouter in the browser, StaticRouter when the build prerenders `/`. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        {/* Public pages render without the identity SDK. */}
        <Route path="/" element={page(<LandingPage />)} />
        <Route path="/privacy" element={page(<PrivacyPage />)} />
        <Route path="/toc" element={page(<TermsPage />)} />
        <Route element={page(<SignedInShell />)}>
          <Route path="/signup" element={page(<SignUpPage />)} />
          <Route path="/login" element={page(<LoginPage />)} />
          <Route path="/oauth/callback" element={page(<OAuthCallbackPage />)} />
          <Route element={page(<ProtectedOutlet />)}>
            <Route path="/plans" element={page(<PlansPage />)} />
            <Route path="/pricing" element={page(<PlansPage />)} />
            <Route path="/setup" element={page(<SetupPage />)} />
            <Route path="/dashboard" element={page(<DashboardPage />)} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </RouteErrorBoundary>
  );
}
