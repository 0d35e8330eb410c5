import type { JWTPayload } from 'jose';
import { HttpError } from '../../platform/errors/http-error';
import type { IdentityAdmin, IdentityUser } from './port';
import type { TokenVerifier, VerifiedUser } from '../../platform/auth/token-verifier';

/** Text of the 503 when the user pool cannot be read; the owner retries (the ID token needs no lookup). */
export const IDENTITY_LOOKUP_FAILED =
  'We could not confirm your account details just now. Please try again in a moment.';
export const IDENTITY_LOOKUP_RETRY_AFTER_SECONDS = 5;

/** How long a looked-up identity is reused: shorter than an ID token's life, whose claims age the same way. */
export const IDENTITY_CACHE_TTL_MS = 10 * 60_000;
export const IDENTITY_CACHE_SIZE = 1000;

/** Attributes Cognito puts in an ID token as booleans; the pool stores them as 'true' / 'false'. */
const BOOLEAN_ATTRIBUTES = new Set(['email_verified', 'phone_number_verified']);

/** The pool's attributes as an ID token would carry them (`cognito:username`, booleans as booleans). */
export function idTokenClaimsOf(identity: IdentityUser): JWTPayload {
  const claims: JWTPayload = { 'cognito:username': identity.username };
  for (const [name, value] of Object.entries(identity.attributes)) {
    if (name === 'sub') continue;
    claims[name] = BOOLEAN_ATTRIBUTES.has(name) ? value === 'true' : value;
  }
  return claims;
}

/**
 * An access token carries no `email` and no custom attributes, so every check that compares a request with
 * the owner's identity (self-referral, the beta waitlist, the account's erasure by e-mail…) would see
 * nothing to compare and let it through. This verifier gives an access token's user what the ID token would
 * have said, read from the user pool by subject and cached per instance (docs/decisions/158). It wraps the
 * revocation check, so a refused token costs no lookup; the token's own claims always win over the pool's.
 * When the pool cannot be read it answers 503: an identity check must never pass for want of an e-mail.
 */
export function withAccessTokenIdentity(
  verifyToken: TokenVerifier,
  identity: Pick<IdentityAdmin, 'findBySub'>,
  { ttlMs = IDENTITY_CACHE_TTL_MS, maxEntries = IDENTITY_CACHE_SIZE, nowMs = () => Date.now() } = {},
): TokenVerifier {
  const cache = new Map<string, { claims: JWTPayload; expiresAtMs: number }>();

  const poolClaims = async (sub: string): Promise<JWTPayload | undefined> => {
    const hit = cache.get(sub);
    if (hit && hit.expiresAtMs > nowMs()) return hit.claims;
    if (hit) cache.delete(sub);
    let found: IdentityUser | undefined;
    try {
      found = await identity.findBySub(sub);
    } catch {
      throw new HttpError(
        503,
        'identity_unavailable',
        IDENTITY_LOOKUP_FAILED,
        undefined,
        IDENTITY_LOOKUP_RETRY_AFTER_SECONDS,
      );
    }
    // A user not in the pool is not kept: the revocation check already refused a deleted account.
    if (!found) return undefined;
    const claims = idTokenClaimsOf(found);
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(sub, { claims, expiresAtMs: nowMs() + ttlMs });
    return claims;
  };

  const withClaims = (user: VerifiedUser, claims: JWTPayload): VerifiedUser => {
    const merged: JWTPayload = { ...claims, ...user.claims };
    return { ...user, email: typeof merged.email === 'string' ? merged.email : undefined, claims: merged };
  };
  const withIdentity: TokenVerifier = async (token, options) => {
    const user = await verifyToken(token, options);
    if (user.tokenUse !== 'access') return user;
    const claims = await poolClaims(user.sub);
    return claims ? withClaims(user, claims) : user;
  };
  // Without waiting when the inner answer is known and, for an access token, the pool's claims are cached.
  withIdentity.known = (token, options) => {
    const user = verifyToken.known?.(token, options);
    if (!user || user.tokenUse !== 'access') return user;
    const hit = cache.get(user.sub);
    return hit && hit.expiresAtMs > nowMs() ? withClaims(user, hit.claims) : undefined;
  };
  return withIdentity;
}
