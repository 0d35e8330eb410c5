import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secret in a Business Calendar subscription URL. 32 random bytes (256 bits) in base64url, so it can't be
 * guessed; only its SHA-256 is stored (a database leak gives no working link), and stored hashes are compared
 * in constant time.
 */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newFeedToken = () => randomBytes(32).toString('base64url');

export const hashFeedToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function sameTokenHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The public path of a feed: /calendar/<token>.ics */
export const feedPath = (token: string) => `/calendar/${token}.ics`;
