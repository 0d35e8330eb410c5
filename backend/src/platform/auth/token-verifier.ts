import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { API_MESSAGES } from '@shared/auth-messages';
import { unauthorized } from '../errors/http-error';
import { createRemoteKeySet } from './remote-key-set';

export type VerifiedUser = {
  sub: string;
  email: string | undefined;
  tokenUse: 'id' | 'access';
  claims: JWTPayload;
};

export type TokenVerifierOptions = {
  issuer: string;
  clientId: string;
  jwksUrl: string;
  /** For tests: a key set instead of the issuer's remote JWKS. */
  keySet?: JWTVerifyGetKey;
};

/**
 * Verifies a Cognito ID or access token: signature against the issuer's JWKS (fetched once, cached and
 * refreshed on unknown key ids: remote-key-set.ts), expiry, issuer, `token_use`, and the client id (`aud` on ID tokens,
 * `client_id` on access tokens, which carry no audience).
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keySet =
    options.keySet ??
    createRemoteKeySet(new URL(options.jwksUrl), {
      cacheMaxAgeMs: 10 * 60_000,
      cooldownMs: 30_000,
      timeoutMs: 5_000,
    });

  return async function verifyToken(token: string): Promise<VerifiedUser> {
    if (token.split('.').length !== 3) throw unauthorized('Invalid authentication token format');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keySet, { issuer: options.issuer, algorithms: ['RS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('Authentication token expired');
      throw unauthorized(API_MESSAGES.noValidToken);
    }
    const tokenUse = payload.token_use;
    const clientId = tokenUse === 'id' ? payload.aud : tokenUse === 'access' ? payload.client_id : undefined;
    const audienceMatches = Array.isArray(clientId)
      ? clientId.includes(options.clientId)
      : clientId === options.clientId;
    if ((tokenUse !== 'id' && tokenUse !== 'access') || !audienceMatches || typeof payload.sub !== 'string') {
      throw unauthorized(API_MESSAGES.noValidToken);
    }
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      tokenUse,
      claims: payload,
    };
  };
}
export type VerifyOptions = {
  /** The account-deletion route: an account whose deletion started still gets through, to finish it. */
  duringAccountDeletion?: boolean;
};
export type TokenVerifier = ((token: string, options?: VerifyOptions) => Promise<VerifiedUser>) & {
  /**
   * The same answer without a promise when it is already known (every cache on the way hit and nothing
   * is left to check), else undefined: then call the verifier. Every authenticated request asks this
   * first, so a hit costs no promise and no await (issue 41 §3). Never refuses: a refusal goes through
   * the verifier, which throws the right error.
   */
  known?: (token: string, options?: VerifyOptions) => VerifiedUser | undefined;
};

/** Tokens kept verified per instance: an owner's dashboard holds one or two at a time. */
export const VERIFIED_TOKEN_CACHE_SIZE = 1000;

/**
 * Remembers tokens already verified, keyed by the whole token string, until the token's own `exp`: an
 * RS256 signature check is the largest piece of per-request CPU in the app (bench/README.md,
 * api_get_config), and a signature that verified once verifies until the token expires (Cognito never
 * re-signs; a key removed from the JWKS only stops new tokens). Only successes are kept; the oldest entry
 * goes first when full. Revocation is not decided here: withRevocationCheck wraps this.
 */
export function withVerifiedTokenCache(
  verifyToken: TokenVerifier,
  { maxEntries = VERIFIED_TOKEN_CACHE_SIZE, nowMs = () => Date.now() } = {},
): TokenVerifier {
  const verified = new Map<string, { user: VerifiedUser; expiresAtMs: number }>();
  const known = (token: string) => {
    const hit = verified.get(token);
    return hit && hit.expiresAtMs > nowMs() ? hit.user : undefined;
  };
  const verifyCached: TokenVerifier = async (token) => {
    const hit = known(token);
    if (hit) return hit;
    verified.delete(token);
    const user = await verifyToken(token);
    // jose refused an expired token, so exp (when present) is in the future here; without one, not kept.
    if (typeof user.claims.exp === 'number') {
      if (verified.size >= maxEntries) verified.delete(verified.keys().next().value!);
      verified.set(token, { user, expiresAtMs: user.claims.exp * 1000 });
    }
    return user;
  };
  verifyCached.known = known;
  return verifyCached;
}

/** `Authorization: Bearer <token>` → token, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
