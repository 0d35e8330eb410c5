import { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps, AppEnv } from './app-types';
import { createErrorHandler, notFoundHandler, validationHook } from './errors/error-handler';
import { healthRoutes } from './routes/health/health-routes';
import { frontendLogRoutes } from './routes/frontend-logs/frontend-logs-routes';
import { configRoutes } from './routes/config/config-routes';
import { localOutboxRoutes } from './routes/local-outbox/local-outbox-routes';

export const OPENAPI_PATH = '/openapi.json';

/** Builds the one Hono app that runs in Lambda and on Node alike. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(createErrorHandler(deps.logger));
  app.notFound(notFoundHandler);
  app.use('*', secureHeaders());
  app.use(
    '*',
    cors({
      origin: deps.config.allowedOrigins,
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    }),
  );

  app.route('/', healthRoutes());
  app.route('/', frontendLogRoutes(deps));
  app.route('/', configRoutes(deps));
  // Each feature mounts its routes on its own line below this one.

  // Local providers' own pages (outbox, fake checkout, consent screens) exist only when they are on.
  if (deps.localOutbox) app.route('/', localOutboxRoutes(deps.localOutbox));

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.doc31(OPENAPI_PATH, { openapi: '3.1.0', info: { title: 'Ringly API', version: '0.1.0' } });
  return app;
}
export type App = ReturnType<typeof createApp>;
