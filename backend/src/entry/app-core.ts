import { OpenAPIHono } from '@hono/zod-openapi';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './app-types';
import type { AppBase } from '../platform/http/app-env';
import { createErrorHandler, notFoundHandler, validationHook } from '../platform/errors/error-handler';
import { corsForOrigins } from '../platform/http/cors';
import { requestIdMiddleware } from '../platform/http/request-id';
import { originVerifierFor, requireOriginVerify } from '../platform/http/origin-verify';
import {
  noStoreForAuthenticated,
  rejectUnstorableInput,
  requestBodyLimit,
} from '../platform/http/request-guards';
import { htmlContentSecurityPolicy } from '../platform/http/page-security';
import { popupPageHeaders } from '../capabilities/calendars/index';
import { healthRoutes } from '../capabilities/health/routes';

export const OPENAPI_PATH = '/openapi.json';

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
  // First, so every later middleware's and route's log lines carry the request id.
  app.use('*', requestIdMiddleware);
  // Before anything else runs: in AWS only CloudFront (and its WAF) may call the API.
  app.use('*', requireOriginVerify(originVerifierFor(deps.config, { logger: deps.logger })));
  // Before secureHeaders so it runs after it: the OAuth popup pages need their opener (popup-headers.ts).
  app.use('*', popupPageHeaders);
  app.use('*', secureHeaders());
  app.use('*', noStoreForAuthenticated);
  app.use('*', htmlContentSecurityPolicy(deps.config.allowedOrigins));
  app.use('*', requestBodyLimit);
  app.use('*', corsForOrigins(deps.config.allowedOrigins));
  // After CORS, so the browser can read the 400.
  app.use('*', rejectUnstorableInput);

  app.route('/', healthRoutes(deps));
  mountRoutes(app);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.doc31(OPENAPI_PATH, { openapi: '3.1.0', info: { title: 'Ringly API', version: '0.1.0' } });
  return app;
}
