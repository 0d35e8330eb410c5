import type { Context, MiddlewareHandler } from 'hono';
import { apiPageContentSecurityPolicy } from '@shared/content-security-policy';
import { runWithLogContext } from '../logging/log-context';
import { requestIdOf } from './request-id';
import { corsAnswerHeaders } from './cors';

/**
 * The security headers of every answer: the defaults of Hono's `secureHeaders()`, which this replaces
 * (answer-headers.test.ts checks they stay the same). A frozen record, so an answer gets them in one go
 * rather than as eleven `Headers.set` calls after each route (issue 41 §3).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
});

type AnswerState = {
  /** Every header of the answer except Vary and Content-Type (see answerHeaderRecord). */
  headers: Record<string, string>;
  /** The route built its Response with answerJson, so the headers are already on it. */
  written: boolean;
};

// A context variable of this middleware's own (a Map Hono keeps per request anyway), not declared in
// AppEnv: no route reads it but answerJson.
const STATE = 'answerHeaders';
const stateOf = (c: Context) => c.get(STATE) as AnswerState | undefined;

/**
 * The headers every answer of this request carries, known before the route runs: the security headers,
 * the request id, `no-store` when the request carried credentials (anything answered to it is per-owner
 * data: no browser, proxy or CDN may keep it) and CORS for the app's own origins.
 */
export function answerHeadersFor(
  request: {
    method: string;
    requestId: string;
    authorization: string | undefined;
    origin: string | undefined;
  },
  allowedOrigins: readonly string[],
): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS, 'X-Request-Id': request.requestId };
  if (request.authorization) headers['Cache-Control'] = 'no-store';
  // Preflights keep the answer of Hono's cors() (corsPreflight), as before.
  if (request.method !== 'OPTIONS') Object.assign(headers, corsAnswerHeaders(request.origin, allowedOrigins));
  return headers;
}

const headersFor = (c: Context, requestId: string, allowedOrigins: readonly string[]) =>
  answerHeadersFor(
    {
      method: c.req.method,
      requestId,
      authorization: c.req.header('Authorization'),
      origin: c.req.header('origin'),
    },
    allowedOrigins,
  );

/**
 * Every header of an answer built without Hono (the telephony function's incoming call, lambda-direct.ts),
 * as apiAnswerHeaders leaves them on a Hono answer of that type: answerHeadersFor's, `Vary: Origin` (never
 * a preflight) and the type. Lower-case names, as Hono's Lambda adapter writes them.
 */
export function directAnswerHeaders(
  request: Parameters<typeof answerHeadersFor>[0],
  allowedOrigins: readonly string[],
  contentType: string,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  const all: Record<string, string> = {
    ...answerHeadersFor(request, allowedOrigins),
    ...extra,
    Vary: 'Origin',
    'Content-Type': contentType,
  };
  for (const name in all) headers[name.toLowerCase()] = all[name]!;
  return headers;
}

/**
 * The first middleware of every app: gives the request its id (every log line of the request carries it,
 * request-id.ts) and puts the same headers on every answer, success, error or 404: security headers,
 * `X-Request-Id`, `no-store` for authenticated requests, CORS (with `Vary: Origin`, the answer differs by
 * origin) and a Content-Security-Policy on HTML pages (issue 10 §10; JSON needs none).
 *
 * One middleware instead of five (request id, `secureHeaders()`, no-store, CORS, the HTML CSP): each was
 * a level of Hono's async middleware chain and wrote its headers one `Headers.set` at a time, after the
 * route, on every request (issue 41 §3, bench/README.md api_get_config). A route on the hot path can
 * build its whole answer at once with answerJson; any other answer gets the headers here after the route.
 */
export function apiAnswerHeaders(config: { allowedOrigins: string[] }): MiddlewareHandler {
  const htmlPolicy = apiPageContentSecurityPolicy(config.allowedOrigins);
  const origins: readonly string[] = [...config.allowedOrigins];
  return async (c, next) => {
    const requestId = requestIdOf(c);
    const state: AnswerState = { headers: headersFor(c, requestId, origins), written: false };
    c.set(STATE, state);
    await runWithLogContext({ request_id: requestId }, next);
    if (state.written) return;
    const answer = c.res.headers;
    for (const name in state.headers) answer.set(name, state.headers[name]!);
    if (c.req.method !== 'OPTIONS') answer.append('Vary', 'Origin');
    if (answer.get('Content-Type')?.startsWith('text/html'))
      answer.set('Content-Security-Policy', htmlPolicy);
  };
}

const JSON_TYPE = 'application/json';

/**
 * A JSON answer with every header of apiAnswerHeaders already on it, as one plain header record:
 * @hono/node-server writes such a Response's string body and headers directly, where `c.json()` plus the
 * headers set after the route go through web `Headers` (validated, sorted, copied) three times. For routes
 * every screen reads (the config); the answer is the same either way (answer-headers.test.ts).
 */
export function answerJson(c: Context, body: unknown, status: 200 | 201 = 200): Response {
  const state = stateOf(c);
  if (!state) throw new Error('answerJson needs apiAnswerHeaders on the app');
  state.written = true;
  // The request's own record, finished in place rather than copied. A route that answers JSON is never a
  // preflight, so `Vary: Origin` always applies.
  const { headers } = state;
  headers['Content-Type'] = JSON_TYPE;
  headers.Vary = 'Origin';
  return new Response(JSON.stringify(body), { status, headers });
}
