import { createMiddleware } from 'hono/factory';
import { API_MESSAGES } from '@shared/auth-messages';
import { forbidden, unauthorized } from '../errors/http-error';
import { bearerToken, type TokenVerifier, type VerifiedUser, type VerifyOptions } from './token-verifier';

export type AuthVariables = { user: VerifiedUser };

/** Every product call needs a bearer token (spec §6); the verified subject is the only tenant id. */
export const requireAuth = (verifyToken: TokenVerifier, options?: VerifyOptions) =>
  createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const token = bearerToken(c.req.header('Authorization'));
    if (!token) throw unauthorized(API_MESSAGES.authenticationRequired);
    c.set('user', await verifyToken(token, options));
    await next();
  });

/**
 * Per-user routes: the path's user id must be the token's subject, else 403. Synchronous (it hands on
 * next()'s promise instead of awaiting it): every per-user request passes here (issue 41 §3).
 */
export const requireOwner = (paramName = 'userId') =>
  createMiddleware<{ Variables: AuthVariables }>((c, next) => {
    const pathUserId = c.req.param(paramName);
    if (!pathUserId || pathUserId !== c.get('user').sub) {
      throw forbidden('You can only access your own business');
    }
    return next();
  });
