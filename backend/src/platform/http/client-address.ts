import type { Context } from 'hono';

/**
 * The caller's address: API Gateway and the local server both put it first in X-Forwarded-For (the local
 * server sets it from the socket), so one rule serves both.
 */
export function clientAddress(c: Context): string {
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}
