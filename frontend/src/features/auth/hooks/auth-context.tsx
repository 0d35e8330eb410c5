import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { checkAuthState, type AuthCheck, type AuthUser } from '../api/auth-user';
import { endApiSession } from '../api/end-session';
import { loadAmplify, whenAmplifyLoaded } from '../../../lib/amplify';
import { logFrontendEvent } from '../../../lib/frontend-logger';
import { clearStoredSession } from '../../../lib/stored-session';

type AuthState = {
  status: 'loading' | 'signedIn' | 'signedOut';
  user: AuthUser | null;
  idToken: string | null;
  /** Re-runs the auth check; resolves with the user it found. */
  refresh: () => Promise<AuthUser | null>;
  /** Logs the event, signs out (revocation errors swallowed) and always clears the user. */
  logout: () => Promise<void>;
  /** True after the owner signed out: protected screens then send them to the site root, not /login. */
  signedOutByUser: boolean;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthState['status']>('loading');
  const [user, setUser] = useState<AuthUser | null>(null);
  const [idToken, setIdToken] = useState<string | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);

  const refresh = useCallback(async () => {
    const apply = (result: AuthCheck) => {
      setUser(result.user);
      if (result.user) setSignedOutByUser(false);
      setIdToken(result.user ? result.idToken : null);
      setStatus(result.user ? 'signedIn' : 'signedOut');
    };
    // Signed in from the stored token at once; the identity service's answer then refines the attributes.
    const result = await checkAuthState(apply);
    apply(result);
    return result.user;
  }, []);

  const logout = useCallback(async () => {
    setSignedOutByUser(true);
    if (user) {
      logFrontendEvent({
        event_type: 'user_logout',
        cognito_user_id: user.userId,
        ...(user.attributes.email ? { user_email: user.attributes.email } : {}),
      });
    }
    if (user) await endApiSession(user.userId);
    try {
      await (await loadAmplify()).signOut();
    } catch (error) {
      console.warn('Sign-out did not complete cleanly; local session cleared anyway', error);
    }
    // Also when the SDK could not even load: a stored token left behind would sign the owner in again.
    clearStoredSession();
    setUser(null);
    setIdToken(null);
    setStatus('signedOut');
  }, [user]);

  useEffect(() => {
    void refresh();
    // The SDK's events can only come once something has loaded it (signing in, for one).
    let stopListening: (() => void) | undefined;
    const cancel = whenAmplifyLoaded(({ Hub }) => {
      stopListening = Hub.listen('auth', ({ payload }) => {
        // 'autoSignIn' is emitted by older Amplify releases; current ones emit 'signedIn' for it too.
        const event: string = payload.event;
        if (event === 'signedIn' || event === 'autoSignIn') void refresh();
        if (event === 'signedOut') {
          setUser(null);
          setIdToken(null);
          setStatus('signedOut');
        }
      });
    });
    return () => {
      cancel();
      stopListening?.();
    };
  }, [refresh]);

  const value = useMemo(
    () => ({ status, user, idToken, refresh, logout, signedOutByUser }),
    [status, user, idToken, refresh, logout, signedOutByUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
