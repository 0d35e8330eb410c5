import { API_CORS } from '@shared/api-cors';

const EXPOSED = API_CORS.exposeHeaders.join(', ');
const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * CORS for the app's own origins on every answer but a preflight: the two headers for an allowed origin,
 * none for any other. withAnswerHeaders (answer-headers.ts) writes them with the answer's other headers,
 * together with `Vary: Origin` (the answer differs by origin, so shared caches must key on it). Apart from
 * the preflight's Hono middleware (cors.ts), so that the telephony function's direct first ring, which
 * writes these headers too, loads no Hono at start (docs/decisions/186-cold-start.md, session 41).
 */
export const corsAnswerHeaders = (
  origin: string | undefined,
  allowedOrigins: readonly string[],
): Readonly<Record<string, string>> =>
  origin && allowedOrigins.includes(origin)
    ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED }
    : NONE;
