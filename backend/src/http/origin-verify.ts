import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ORIGIN_VERIFY_HEADER } from '@shared/origin-verify';
import { forbidden } from '../errors/http-error';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time (over digests, so a wrong length tells nothing either). */
export function isOriginVerified(presented: string | undefined, expected: string): boolean {
  return presented !== undefined && timingSafeEqual(digest(presented), digest(expected));
}

/**
 * In AWS the HTTP API is reached only through its CloudFront distribution, where the WAF is: CloudFront adds
 * the stage's origin-verify secret as a header, and a request without it (someone calling the execute-api
 * URL directly) gets 403 before any route runs. Locally and in tests (no token) nothing is checked; a
 * deployed HTTP function cannot start without the token (lambda-init.ts).
 */
export const requireOriginVerify =
  (expected: string | undefined): MiddlewareHandler =>
  async (c, next) => {
    if (expected && !isOriginVerified(c.req.header(ORIGIN_VERIFY_HEADER), expected)) {
      throw forbidden("Requests must come through the API's public URL");
    }
    await next();
  };
