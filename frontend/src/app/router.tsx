import { Suspense, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CenteredStatus } from '../components/ui/centered-status';
import { AUTH_MESSAGES } from '@shared/auth-messages';
import { withChunkTimeout } from '../lib/chunk-load';
import { routePath } from '../lib/route-path';
import { fetchRuntimeConfigEarly } from '../lib/runtime-config-early';
import { preloadableLazy } from './preloadable-lazy';
import { RouteErrorBoundary } from './route-error-page';
import { afterPaintShown, nextTask, requestScreenChunks } from './screen-chunk-requests';

// Pages load on demand so the landing page ships only what it shows; a chunk that never arrives fails
// after the spec's 120 s and the route's error page offers a retry. Each is named as the build names its
// chunk, the key of its files in index.html's list (build/screen-chunk-list.ts).
const screen = (chunk: string, load: () => Promise<{ default: ComponentType }>) =>
  Object.assign(preloadableLazy(withChunkTimeout(chunk, load)), { chunk });
type NamedScreen = ReturnType<typeof screen>;

const LandingPage = screen('landing-page', () => import('../features/landing/components/landing-page'));
const PrivacyPage = screen('privacy-page', () => import('../features/legal/components/privacy-page'));
const TermsPage = screen('terms-page', () => import('../features/legal/components/terms-page'));
const SignUpPage = screen('signup-page', () => import('../features/auth/components/signup-page'));
const LoginPage = screen('login-page', () => import('../features/auth/components/login-page'));
const OAuthCallbackPage = screen(
  'oauth-callback-page',
  () => import('../features/auth/components/oauth-callback-page'),
);
const PlansPage = screen('plans-page', () => import('../features/plans/components/plans-page'));
const SetupPage = screen('setup-page', () => import('../features/setup/components/setup-page'));
const DashboardPage = screen(
  'dashboard-page',
  () => import('../features/dashboard/components/dashboard-page'),
);
const SignedInShell = screen('signed-in-shell', () => import('./signed-in-shell'));
const ProtectedOutlet = screen(
  'protected-route',
  () => import('../features/auth/components/protected-route'),
);

/** The screens an account path renders through, outermost first (the routes below nest them so). */
const ACCOUNT_SCREENS: Record<string, NamedScreen[]> = {
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
 * render, they run side by side. The promise settles when all have arrived or failed, so main.tsx can render
 * without suspending (preloadable-lazy.tsx); failures are left to the lazy import that shows the route's
 * error page. Undefined for other paths.
 *
 * `painted`: the entry has painted the screen from memory (remembered-screen.ts). Then config.json and the
 * files wait until that painting is on the screen (issue 41 §4, docs/decisions/188): Lighthouse's simulation
 * puts every request that ended before a paint on its path, so requested earlier, the shell's and the
 * screen's files made the remembered screen, painted at 0.1 s, a simulated 2.0-2.2 s. Without a painting
 * they start at once: what the owner waits for is the screen itself.
 */
export function preloadAccountScreen(pathname: string, painted = false): Promise<unknown> | undefined {
  const screens = ACCOUNT_SCREENS[routePath(pathname)];
  if (!screens) return undefined;
  const all = [SignedInShell, ...screens];
  // Vite's preload helper would start every file in one task (about 40 `<link>`s for the dashboard, some
  // 0.4 ms of main thread each), which a phone's slower CPU makes a long task, blocking time once the first
  // paint is done. The list the build wrote into index.html lets them start a few per task; the screens'
  // imports then find them linked (the helper skips a linked file) and only evaluate.
  // Without a painting the files start in the next task all the same, which keeps the entry's task (React's
  // and the entry's evaluation) short.
  if (!painted) fetchRuntimeConfigEarly();
  return (painted ? afterPaintShown() : nextTask())
    .then(() => {
      if (painted) fetchRuntimeConfigEarly();
      return requestScreenChunks(all.map((each) => each.chunk));
    })
    .then((loaded) => Promise.allSettled(all.map((each) => loaded(each.chunk).then(() => each.preload()))));
}

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
