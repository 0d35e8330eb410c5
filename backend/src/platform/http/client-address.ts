import type { Context } from 'hono';
import { VIEWER_ADDRESS_HEADER } from '@shared/origin-verify';

/**
 * The caller's address for per-address limits. CloudFront's viewer-request function (infra/lib/api-edge.ts)
 * and the local server both set VIEWER_ADDRESS_HEADER, overwriting a client's own. Without it (a direct call
 * that origin-verify lets through only outside AWS), the last X-Forwarded-For entry, the one the nearest
 * proxy appended: a client can prepend entries but not choose the last.
 */
export function clientAddress(c: Context): string {
  const viewer = c.req.header(VIEWER_ADDRESS_HEADER)?.trim();
  if (viewer) return viewer;
  return c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim() || 'unknown';
}
