import { AUTH_MESSAGES } from '@shared/auth-messages';
import { loadAmplify, loadAmplifyWhenSettled } from '../../../lib/amplify';
import { decodeJwtClaims, isTokenExpired } from '../../../lib/jwt';
import { storedTokens } from '../../../lib/stored-session';

/** The signed-in user as spec §3 describes it. */
export type AuthUser = {
  username: string;
  userId: string;
  signInDetails?: { loginId?: string };
  attributes: Record<string, string>;
};

export type AuthCheck = { user: AuthUser; idToken: string } | { user: null; reason: string };

const claimsToAttributes = (claims: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(claims)
      .filter(
        ([key]) =>
          !['aud', 'iss', 'exp', 'iat', 'auth_time', 'jti', 'event_id', 'token_use', 'origin_jti'].includes(
            key,
          ),
      )
      .map(([key, value]) => [key, String(value)]),
  );

/** The user as the ID token describes it: spec §3's fallback when the identity service cannot be reached. */
function userFromClaims(claims: Record<string, unknown>, lastUser: string): AuthUser {
  const attributes = claimsToAttributes(claims);
  // A missing beta flag reads as 'true' in the token fallback (spec §3).
  attributes['custom:beta_tester'] ??= 'true';
  return {
    username: String(claims['cognito:username'] ?? lastUser),
    userId: String(claims.sub),
    signInDetails: { loginId: String(claims.email ?? '') },
    attributes,
  };
}

/**
 * The auth check of spec §4: read the last user and ID token from storage; clear when either is missing or
 * the token has expired (after one refresh attempt, so a valid refresh token keeps the session); otherwise
 * ask the identity service, falling back to the token's claims when it cannot be reached.
 *
 * `onStoredSession` gets the user from the stored token's claims as soon as the token is known to be valid,
 * before the identity service answers. Whatever the service says, the session stands (its failure falls back
 * to these claims), so a screen can start its own requests on them instead of waiting two more round trips
 * to the identity service (issue 16 §5: on a slow phone network they delayed every account screen).
 */
export async function checkAuthState(onStoredSession?: (check: AuthCheck) => void): Promise<AuthCheck> {
  const stored = storedTokens();
  const { lastUser } = stored;
  if (!lastUser) return { user: null, reason: AUTH_MESSAGES.noAuthenticatedUser };
  let { idToken } = stored;
  if (!idToken) return { user: null, reason: AUTH_MESSAGES.noIdToken };

  let claims = decodeJwtClaims(idToken);
  if (!claims || isTokenExpired(claims)) {
    const refreshed = await loadAmplify()
      .then(({ fetchAuthSession }) => fetchAuthSession({ forceRefresh: true }))
      .catch(() => undefined);
    idToken = refreshed?.tokens?.idToken?.toString() ?? null;
    claims = idToken ? decodeJwtClaims(idToken) : undefined;
    if (!idToken || !claims || isTokenExpired(claims))
      return { user: null, reason: AUTH_MESSAGES.tokenExpired };
  }

  const fromClaims = userFromClaims(claims, lastUser);
  onStoredSession?.({ user: fromClaims, idToken });
  try {
    // Not before the screen has painted and sent its reads: the session already stands on the claims.
    const { getCurrentUser, fetchUserAttributes } = await loadAmplifyWhenSettled();
    const [current, attributes] = await Promise.all([getCurrentUser(), fetchUserAttributes()]);
    return {
      idToken,
      user: {
        username: current.username,
        userId: current.userId,
        ...(current.signInDetails ? { signInDetails: { loginId: current.signInDetails.loginId } } : {}),
        attributes: Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, String(v ?? '')])),
      },
    };
  } catch {
    return { idToken, user: fromClaims };
  }
}
