import { decodeJwtClaims, isTokenExpired } from './jwt';
import { runtimeConfig } from './runtime-config';

/** Where Amplify keeps the session in localStorage (spec §3 "Browser-kept session data"). */
export const amplifyStorageKeys = (clientId: string) => {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  return {
    prefix,
    lastAuthUser: `${prefix}.LastAuthUser`,
    idToken: (username: string) => `${prefix}.${username}.idToken`,
  };
};

/**
 * The last signed-in user and their ID token, where Amplify keeps them (spec §3); null where missing, and
 * where the browser refuses access to its storage (then there is no stored session to use).
 */
export function storedTokens(): { lastUser: string | null; idToken: string | null } {
  const keys = amplifyStorageKeys(runtimeConfig().cognito.userPoolClientId);
  try {
    const lastUser = localStorage.getItem(keys.lastAuthUser);
    return { lastUser, idToken: lastUser ? localStorage.getItem(keys.idToken(lastUser)) : null };
  } catch {
    return { lastUser: null, idToken: null };
  }
}

/**
 * The stored session's owner and ID token while the token is unexpired (for at least `marginMs` more),
 * from storage alone: no identity SDK, no refresh. Enough to start an account screen's first reads
 * (app/first-screen-reads.ts) and to sign every API call until the token needs refreshing (api-client.ts).
 */
export function unexpiredStoredSession(marginMs = 0): { userId: string; idToken: string } | undefined {
  const { idToken } = storedTokens();
  const claims = idToken ? decodeJwtClaims(idToken) : undefined;
  if (!idToken || !claims || isTokenExpired(claims, Date.now() + marginMs) || typeof claims.sub !== 'string')
    return undefined;
  return { userId: claims.sub, idToken };
}

/**
 * Removes every Amplify session key for this client (stale sessions, spec §4 "Login"; sign-out). Storage the
 * browser refuses holds no session to remove.
 */
export function clearStoredSession() {
  const { prefix } = amplifyStorageKeys(runtimeConfig().cognito.userPoolClientId);
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  } catch {
    // Nothing was stored, so nothing can sign the owner in again.
  }
}
