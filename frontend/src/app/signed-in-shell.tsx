import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../features/auth';
import { loadRuntimeConfig } from '../lib/runtime-config';
import { startFirstScreenReads } from './first-screen-reads';

/**
 * Everything the account screens need (the auth state, server-state cache), loaded only when the visitor
 * opens one. The identity SDK is not part of it: lib/amplify.ts loads it when something needs the identity
 * service, so a signed-in screen paints and reads with the stored token first. The runtime config is
 * loaded here, once, before any account screen renders (they read it synchronously); a failed load rejects
 * this module's import, which the route's error page shows.
 */
await loadRuntimeConfig();
startFirstScreenReads(window.location.pathname);

// Module-level, so the cache survives leaving and re-entering the account screens.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export default function SignedInShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </QueryClientProvider>
  );
}
