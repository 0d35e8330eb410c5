import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

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
    allowHeaders: ['Authorization', 'Content-Type'],
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    // Chrome keeps a preflight at most 2 h (Firefox 24 h): each API path an owner's screens read is then
    // asked once a session rather than every 10 minutes, a round trip each on a phone network.
    maxAge: 7200,
  });
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    await next();
    const origin = c.req.header('origin');
    if (origin && allowedOrigins.includes(origin)) c.res.headers.set('Access-Control-Allow-Origin', origin);
    // The answer differs by origin, so shared caches must key on it (as Hono's cors() does).
    c.res.headers.append('Vary', 'Origin');
  };
}
