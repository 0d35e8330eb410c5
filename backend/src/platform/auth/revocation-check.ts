import { SESSION_MESSAGES } from '@shared/session';
import { HttpError, unauthorized } from '../errors/http-error';
import type { SessionRevocationRepository } from './session-revocations';
import type { TokenVerifier, VerifiedUser } from './token-verifier';

/** The session identity of a verified token: its subject, `origin_jti` and issue time. */
export const tokenIdentity = (user: VerifiedUser) => ({
  sub: user.sub,
  originJti: typeof user.claims.origin_jti === 'string' ? user.claims.origin_jti : undefined,
  issuedAtSeconds: typeof user.claims.iat === 'number' ? user.claims.iat : undefined,
});

/**
 * A verifier that also refuses tokens of ended sessions (issue 10 §7). The signature check runs first, so
 * the by-key revocation read is only paid for tokens that are otherwise valid.
 */
export function withRevocationCheck(
  verifyToken: TokenVerifier,
  revocations: Pick<SessionRevocationRepository, 'sessionState'> &
    Partial<Pick<SessionRevocationRepository, 'knownState'>>,
): TokenVerifier {
  const check: TokenVerifier = async (token, options) => {
    const user = await verifyToken(token);
    const state = await revocations.sessionState(tokenIdentity(user));
    // Only the deletion route itself may go on with an account whose deletion started (a retry finishes it).
    if (state === 'account-deleting' && options?.duringAccountDeletion) return user;
    if (state === 'account-deleting' || state === 'account-deleted') {
      throw new HttpError(401, 'account_deleted', SESSION_MESSAGES.accountDeleted);
    }
    if (state === 'revoked') throw unauthorized(SESSION_MESSAGES.revoked);
    return user;
  };
  // Known only when the signature check is cached and this session's last answer, still fresh, was
  // 'active' (the only state the repository keeps); anything else goes through the check above.
  check.known = (token) => {
    const user = verifyToken.known?.(token);
    return user && revocations.knownState?.(tokenIdentity(user)) === 'active' ? user : undefined;
  };
  return check;
}
