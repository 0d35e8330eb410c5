import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../features/auth/hooks/auth-context';
import { configureAmplify } from '../lib/amplify';
import { runtimeConfig } from '../lib/runtime-config';

/**
 * Everything the account screens need (Amplify, the auth state, server-state cache), loaded only when the
 * visitor opens one: the landing and legal pages ship without the identity SDK. main.tsx has loaded the
 * runtime config before any route renders.
 */
configureAmplify(runtimeConfig());

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
