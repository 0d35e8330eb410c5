import type { Context } from 'hono';
import { apiPageContentSecurityPolicy } from '@shared/content-security-policy';
import { runWithLogContext } from '../logging/log-context';
import { requestIdOf } from './request-id';
import { corsAnswerHeaders } from './cors-headers';

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
  /** Every header of the answer except Vary and Content-Type (see answerJson). */
  headers: Record<string, string>;
  /** The route built its Response with answerJson, so the headers are already on it. */
  written: boolean;
};

/**
 * Each request's headers, keyed by the Request object the app was called with (Hono's `c.req.raw`): the
 * state lives outside Hono's context because withAnswerHeaders runs outside Hono's middleware chain.
 */
const states = new WeakMap<Request, AnswerState>();
const stateOf = (c: Context) => states.get(c.req.raw);

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

const headersFor = (request: Request, requestId: string, allowedOrigins: readonly string[]) =>
  answerHeadersFor(
    {
      method: request.method,
      requestId,
      authorization: request.headers.get('authorization') ?? undefined,
      origin: request.headers.get('origin') ?? undefined,
    },
    allowedOrigins,
  );

/**
 * Every header of an answer built without Hono (the telephony function's incoming call, incoming-call-direct.ts),
 * as withAnswerHeaders leaves them on a Hono answer of that type: answerHeadersFor's, `Vary: Origin` (never
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

type Fetch = (request: Request, env?: unknown, executionCtx?: never) => Response | Promise<Response>;

/**
 * Wraps the app's `fetch` (what @hono/node-server, the Lambda adapter and `app.request` all call): gives
 * each request its id (every log line of the request carries it, request-id.ts) and puts the same headers
 * on every answer, success, error or 404: security headers, `X-Request-Id`, `no-store` for authenticated
 * requests, CORS (with `Vary: Origin`, the answer differs by origin) and a Content-Security-Policy on HTML
 * pages (issue 10 §10; JSON needs none).
 *
 * Around the app rather than as its first middleware (issue 41 §3): an app-wide middleware is a level of
 * Hono's async middleware chain on every request, and it keeps every route from Hono's shortcut for a
 * request that matches one handler only (no chain at all). Hono's error and not-found handlers answer
 * inside, so their answers get the headers here too. A route on the hot path can build its whole answer
 * at once with answerJson; any other answer gets the headers after the app has answered.
 */
export function withAnswerHeaders<A extends { fetch: Fetch }>(
  app: A,
  config: { allowedOrigins: string[] },
): A {
  const htmlPolicy = apiPageContentSecurityPolicy(config.allowedOrigins);
  const origins: readonly string[] = [...config.allowedOrigins];
  const appFetch = app.fetch;
  const finish = (answer: Response, state: AnswerState, method: string) => {
    if (state.written) return answer;
    const headers = answer.headers;
    for (const name in state.headers) headers.set(name, state.headers[name]!);
    if (method !== 'OPTIONS') headers.append('Vary', 'Origin');
    if (headers.get('Content-Type')?.startsWith('text/html'))
      headers.set('Content-Security-Policy', htmlPolicy);
    return answer;
  };
  app.fetch = (request, env, executionCtx) => {
    const requestId = requestIdOf(request, env);
    const state: AnswerState = { headers: headersFor(request, requestId, origins), written: false };
    states.set(request, state);
    return runWithLogContext({ request_id: requestId }, () => {
      const answer = appFetch(request, env, executionCtx);
      return answer instanceof Promise
        ? answer.then((done) => finish(done, state, request.method))
        : finish(answer, state, request.method);
    });
  };
  return app;
}

/**
 * The headers this request's answer will get (withAnswerHeaders), for a middleware that must change one
 * for its routes (the OAuth popup pages relax the opener policy); undefined outside withAnswerHeaders.
 */
export const answerHeadersOf = (c: Context): Record<string, string> | undefined => stateOf(c)?.headers;

const JSON_TYPE = 'application/json';

/**
 * A JSON answer with every header of withAnswerHeaders already on it, as one plain header record:
 * @hono/node-server writes such a Response's string body and headers directly, where `c.json()` plus the
 * headers set after the route go through web `Headers` (validated, sorted, copied) three times. For routes
 * every screen reads (the config); the answer is the same either way (answer-headers.test.ts).
 */
export function answerJson(c: Context, body: unknown, status: 200 | 201 = 200): Response {
  const state = stateOf(c);
  if (!state) throw new Error('answerJson needs withAnswerHeaders around the app');
  state.written = true;
  // The request's own record, finished in place rather than copied. A route that answers JSON is never a
  // preflight, so `Vary: Origin` always applies.
  const { headers } = state;
  headers['Content-Type'] = JSON_TYPE;
  headers.Vary = 'Origin';
  return new Response(JSON.stringify(body), { status, headers });
}
