import { decodeJwtClaims, isTokenExpired } from './jwt';

/**
 * Amplify's session in localStorage for one app client, read without Amplify and without the runtime config
 * (the entry reads it before config.json is in: app/remembered-screen.ts). stored-session.ts applies it to
 * the configured client.
 */

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
export function storedTokensOf(clientId: string): { lastUser: string | null; idToken: string | null } {
  const keys = amplifyStorageKeys(clientId);
  try {
    const lastUser = localStorage.getItem(keys.lastAuthUser);
    return { lastUser, idToken: lastUser ? localStorage.getItem(keys.idToken(lastUser)) : null };
  } catch {
    return { lastUser: null, idToken: null };
  }
}

/** The client's stored session's owner and ID token while the token is unexpired (for `marginMs` more). */
export function unexpiredSessionOf(
  clientId: string,
  marginMs = 0,
): { userId: string; idToken: string } | undefined {
  const { idToken } = storedTokensOf(clientId);
  const claims = idToken ? decodeJwtClaims(idToken) : undefined;
  if (!idToken || !claims || isTokenExpired(claims, Date.now() + marginMs) || typeof claims.sub !== 'string')
    return undefined;
  return { userId: claims.sub, idToken };
}

const LAST_AUTH_USER = /^CognitoIdentityServiceProvider\.([^.]+)\.LastAuthUser$/;

/**
 * The claims of the stored session's unexpired ID token when exactly one app client has a stored session:
 * the entry asks before config.json, so before it knows which client is this site's (app/remembered-screen.ts).
 * Undefined otherwise, and where the browser refuses storage.
 */
export function soleStoredSessionClaims(): Readonly<Record<string, unknown>> | undefined {
  try {
    const clients = Object.keys(localStorage).flatMap((key) => LAST_AUTH_USER.exec(key)?.[1] ?? []);
    if (clients.length !== 1) return undefined;
    const { idToken } = storedTokensOf(clients[0]!);
    const claims = idToken ? decodeJwtClaims(idToken) : undefined;
    return claims && !isTokenExpired(claims) && typeof claims.sub === 'string' ? claims : undefined;
  } catch {
    return undefined;
  }
}
