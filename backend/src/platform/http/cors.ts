import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { API_CORS } from '@shared/api-cors';

/**
 * CORS for the app's own origins: Hono's `cors()` answers preflights; on every other request the same two
 * headers are added to the route's answer through `c.res.headers`. Hono's middleware appends `Vary: Origin`
 * with `c.header()` once the response exists, and that call makes Hono rebuild a finished response as a
 * full web `Response` with a streamed body, which @hono/node-server then pipes: about 45 % of the
 * framework's CPU per request (issue 16 §4, bench/README.md api_get_config). Nothing here touches `c.res`
 * before the route answers either: that too would make Hono rebuild the answer.
 */
export function corsForOrigins(allowedOrigins: readonly string[]): MiddlewareHandler {
  const preflight = cors({
    origin: [...allowedOrigins],
    allowHeaders: [...API_CORS.allowHeaders],
    allowMethods: [...API_CORS.allowMethods],
    maxAge: API_CORS.maxAgeSeconds,
  });
  const exposed = API_CORS.exposeHeaders.join(', ');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const origin = c.req.header('origin');
    if (origin && allowedOrigins.includes(origin)) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Expose-Headers', exposed);
    }
    // The answer differs by origin, so shared caches must key on it (as Hono's cors() does).
    c.res.headers.append('Vary', 'Origin');
  };
}
