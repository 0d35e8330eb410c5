import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from './app-types';
import type { AppBase } from '../platform/http/app-env';
import { createErrorHandler, notFoundHandler, validationHook } from '../platform/errors/error-handler';
import { withAnswerHeaders } from '../platform/http/answer-headers';
import { corsPreflight } from '../platform/http/cors';
import { originVerifierFor, requireOriginVerify } from '../platform/http/origin-verify';
import { rejectUnstorableInput, requestBodyLimit } from '../platform/http/request-guards';
import { POPUP_PAGE_PATHS, popupPageHeaders } from '../capabilities/calendars/index';
import { healthRoutes } from '../capabilities/health/routes';

export const OPENAPI_PATH = '/openapi.json';

/** The methods whose requests can carry a body (the input guards' requests). */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * What every app shares: error handling, the request id, the origin check, security headers, CORS, the input
 * guards, /health and the OpenAPI document. `mountRoutes` adds the routes of the app being built. Each
 * Lambda entry passes only its own (surfaces/), so its bundle holds and evaluates only the code its routes
 * need; app.ts composes them all for Node and the tests.
 */
export function createAppCore(
  deps: Pick<AppDeps, 'config' | 'logger' | 'databaseProbe'>,
  mountRoutes: (app: AppBase) => void,
): AppBase {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(createErrorHandler(deps.logger));
  app.notFound(notFoundHandler);
  // The OAuth popup pages relax the opener policy of the answer headers (popup-headers.ts).
  for (const path of POPUP_PAGE_PATHS) app.use(path, popupPageHeaders);
  // Before anything else runs: in AWS only CloudFront (and its WAF) may call the API. Locally and in the
  // tests there is no verifier, so nothing to run on each request.
  const originVerifier = originVerifierFor(deps.config, { logger: deps.logger });
  if (originVerifier) app.use('*', requireOriginVerify(originVerifier));
  // Each middleware registered only for the requests it can act on: every level of the chain costs each
  // request that passes through it (issue 41 §3). A GET or HEAD has no body to measure or check.
  app.on(BODY_METHODS, '*', requestBodyLimit);
  app.on('OPTIONS', '*', corsPreflight(deps.config.allowedOrigins));
  // Inside withAnswerHeaders like everything, so the browser can read the 400 (its CORS headers).
  app.on(BODY_METHODS, '*', rejectUnstorableInput);

  app.route('/', healthRoutes(deps));
  mountRoutes(app);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.doc31(OPENAPI_PATH, { openapi: '3.1.0', info: { title: 'Ringly API', version: '0.1.0' } });
  // Around the whole app, not a middleware: the request id (every middleware's and route's log lines
  // carry it) and the security, CORS and cache headers of every answer (answer-headers.ts).
  return withAnswerHeaders(app, deps.config);
}
