// The auth feature's public entry: what other features and the app shell may use (decision 165).
export { AuthProvider, useAuth } from './hooks/auth-context';
export { hasVerifiedAccess } from './hooks/use-verified-owner';
export type { AuthUser } from './api/auth-user';
export { BetaGate } from './components/beta-gate';
