import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { API_CORS } from '@shared/api-cors';

const EXPOSED = API_CORS.exposeHeaders.join(', ');
const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * CORS for the app's own origins on every answer but a preflight: the two headers for an allowed origin,
 * none for any other. withAnswerHeaders (answer-headers.ts) writes them with the answer's other headers,
 * together with `Vary: Origin` (the answer differs by origin, so shared caches must key on it).
 */
export const corsAnswerHeaders = (
  origin: string | undefined,
  allowedOrigins: readonly string[],
): Readonly<Record<string, string>> =>
  origin && allowedOrigins.includes(origin)
    ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED }
    : NONE;

/**
 * Preflights (every OPTIONS request) are answered by Hono's `cors()` with the methods, headers and max
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
