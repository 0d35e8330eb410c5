import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { API_CORS } from '@shared/api-cors';

/**
 * Preflights (every OPTIONS request; the other answers' CORS headers are cors-headers.ts') are answered by Hono's `cors()` with the methods, headers and max
 * age of API_CORS. Registered for OPTIONS only: on other methods Hono's middleware appends `Vary` with
 * `c.header()` once the response exists, which makes Hono rebuild a finished response as a full web
 * `Response` with a streamed body (issue 16 §4, bench/README.md api_get_config).
 */
export function corsPreflight(allowedOrigins: readonly string[]): MiddlewareHandler {
  return cors({
    origin: [...allowedOrigins],
    allowHeaders: [...API_CORS.allowHeaders],
    allowMethods: [...API_CORS.allowMethods],
    maxAge: API_CORS.maxAgeSeconds,
  });
}
