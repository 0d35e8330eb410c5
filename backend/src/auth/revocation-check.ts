import { SESSION_MESSAGES } from '@shared/session';
import { unauthorized } from '../errors/http-error';
import type { SessionRevocationRepository } from '../data/session-revocations';
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
  revocations: Pick<SessionRevocationRepository, 'isRevoked'>,
): TokenVerifier {
  return async (token) => {
    const user = await verifyToken(token);
    if (await revocations.isRevoked(tokenIdentity(user))) throw unauthorized(SESSION_MESSAGES.revoked);
    return user;
  };
}
