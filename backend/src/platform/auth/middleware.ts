import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { API_MESSAGES } from '@shared/auth-messages';
import { forbidden, unauthorized } from '../errors/http-error';
import { bearerToken, type TokenVerifier, type VerifiedUser, type VerifyOptions } from './token-verifier';

export type AuthVariables = { user: VerifiedUser };

/**
 * The request's verified user, set as `user` for the route: without a promise when the verifier already
 * knows the token (TokenVerifier.known: its caches hit), which is every request of a signed-in owner after
 * the first (issue 41 §3); else the verifier's promise. Throws 401 without a bearer token.
 */
export function authenticate(
  c: Context<{ Variables: AuthVariables }>,
  verifyToken: TokenVerifier,
  options?: VerifyOptions,
): VerifiedUser | Promise<VerifiedUser> {
  const token = bearerToken(c.req.header('Authorization'));
  if (!token) throw unauthorized(API_MESSAGES.authenticationRequired);
  const known = verifyToken.known?.(token, options);
  if (known) {
    c.set('user', known);
    return known;
  }
  return verifyToken(token, options).then((user) => {
    c.set('user', user);
    return user;
  });
}

/** 403 unless the path's user id (`paramName`) is the verified user's subject. */
export function assertOwner(c: Context<{ Variables: AuthVariables }>, paramName = 'userId'): void {
  const pathUserId = c.req.param(paramName);
  if (!pathUserId || pathUserId !== c.get('user').sub) {
    throw forbidden('You can only access your own business');
  }
}

/**
 * Every product call needs a bearer token (spec §6); the verified subject is the only tenant id. Not an
 * async function: on a known token it hands on next()'s promise (issue 41 §3).
 */
export const requireAuth = (verifyToken: TokenVerifier, options?: VerifyOptions) =>
  createMiddleware<{ Variables: AuthVariables }>((c, next) => {
    const user = authenticate(c, verifyToken, options);
    return user instanceof Promise ? user.then(() => next()) : next();
  });

/**
 * Per-user routes: the path's user id must be the token's subject, else 403. Synchronous (it hands on
 * next()'s promise instead of awaiting it): every per-user request passes here (issue 41 §3).
 */
export const requireOwner = (paramName = 'userId') =>
  createMiddleware<{ Variables: AuthVariables }>((c, next) => {
    assertOwner(c, paramName);
    return next();
  });

/**
 * requireAuth and requireOwner as one guard for withOneHandler (platform/http/openapi-helpers.ts): the
 * token, then the path's owner; synchronous on a known token.
 */
export const ownerGuard =
  (verifyToken: TokenVerifier, paramName = 'userId') =>
  (c: Context<{ Variables: AuthVariables }>): void | Promise<void> => {
    const user = authenticate(c, verifyToken);
    if (user instanceof Promise) return user.then(() => assertOwner(c, paramName));
    assertOwner(c, paramName);
  };
