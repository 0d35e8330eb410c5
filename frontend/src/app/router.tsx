import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CenteredStatus } from '../components/ui/centered-status';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { withChunkTimeout } from '../lib/chunk-load';
import { routePath } from '../lib/route-path';
import { fetchRuntimeConfigEarly } from '../lib/runtime-config-early';
import { preloadableLazy, type PreloadableScreen } from './preloadable-lazy';
import { RouteErrorBoundary } from './route-error-page';

// Pages load on demand so the landing page ships only what it shows; a chunk that never arrives fails
// after the spec's 120 s and the route's error page offers a retry.
const chunks = {
  landing: withChunkTimeout('landing-page', () => import('../features/landing/components/landing-page')),
  privacy: withChunkTimeout('privacy-page', () => import('../features/legal/components/privacy-page')),
  terms: withChunkTimeout('terms-page', () => import('../features/legal/components/terms-page')),
  signUp: withChunkTimeout('signup-page', () => import('../features/auth/components/signup-page')),
  login: withChunkTimeout('login-page', () => import('../features/auth/components/login-page')),
  oauthCallback: withChunkTimeout(
    'oauth-callback-page',
    () => import('../features/auth/components/oauth-callback-page'),
  ),
  plans: withChunkTimeout('plans-page', () => import('../features/plans/components/plans-page')),
  setup: withChunkTimeout('setup-page', () => import('../features/setup/components/setup-page')),
  dashboard: withChunkTimeout(
    'dashboard-page',
    () => import('../features/dashboard/components/dashboard-page'),
  ),
  signedInShell: withChunkTimeout('signed-in-shell', () => import('./signed-in-shell')),
  protectedOutlet: withChunkTimeout(
    'protected-route',
    () => import('../features/auth/components/protected-route'),
  ),
};
const LandingPage = preloadableLazy(chunks.landing);
const PrivacyPage = preloadableLazy(chunks.privacy);
const TermsPage = preloadableLazy(chunks.terms);
const SignUpPage = preloadableLazy(chunks.signUp);
const LoginPage = preloadableLazy(chunks.login);
const OAuthCallbackPage = preloadableLazy(chunks.oauthCallback);
const PlansPage = preloadableLazy(chunks.plans);
const SetupPage = preloadableLazy(chunks.setup);
const DashboardPage = preloadableLazy(chunks.dashboard);
const SignedInShell = preloadableLazy(chunks.signedInShell);
const ProtectedOutlet = preloadableLazy(chunks.protectedOutlet);

/** The screens an account path renders through, outermost first (the routes below nest them so). */
const ACCOUNT_SCREENS: Record<string, PreloadableScreen[]> = {
  '/signup': [SignUpPage],
  '/login': [LoginPage],
  '/oauth/callback': [OAuthCallbackPage],
  '/plans': [ProtectedOutlet, PlansPage],
  '/pricing': [ProtectedOutlet, PlansPage],
  '/setup': [ProtectedOutlet, SetupPage],
  '/dashboard': [ProtectedOutlet, DashboardPage],
};

/**
 * Opening an account screen, React would fetch the shell, then config.json, then the guard, then the page:
 * four round trips one after another, each a few hundred ms on a phone. Started here, before the first
 * render, they run side by side (index.html already lists the shell's chunks). The promise settles when all
 * have arrived or failed, so main.tsx can render without suspending (preloadable-lazy.tsx); failures are
 * left to the lazy import that shows the route's error page. Undefined for other paths.
 */
export function preloadAccountScreen(pathname: string): Promise<unknown> | undefined {
  const screens = ACCOUNT_SCREENS[routePath(pathname)];
  if (!screens) return undefined;
  fetchRuntimeConfigEarly();
  // The screens' chunks are requested in a task of their own, right after the entry's (issue 41 §4). Vite's
  // preload helper adds a <link> per chunk, about 30 for the dashboard, and starting those requests took as
  // long as evaluating React and the entry: in one task together they were the load's longest task, which
  // a phone's slower CPU turns into blocking time. Split, the browser can also paint the static or
  // remembered screen in between. The shell's chunks are already on their way (index.html lists them).
  return nextTask().then(() =>
    Promise.allSettled([SignedInShell, ...screens].map((screen) => screen.preload())),
  );
}

/** Resolves in a new task, after the current one and any paint due in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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
