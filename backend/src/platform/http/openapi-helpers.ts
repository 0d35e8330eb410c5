import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AppEnv } from './app-env';
import { validationHook } from '../errors/error-handler';
import { apiErrorSchema } from '@shared/schemas/api-error';

/** Response entries shared by every documented route. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const errorResponses = {
  400: jsonContent(apiErrorSchema, 'Invalid input'),
  401: jsonContent(apiErrorSchema, 'Missing or invalid token'),
  403: jsonContent(apiErrorSchema, 'The path user is not the token subject'),
  500: jsonContent(apiErrorSchema, 'Unexpected failure'),
} as const;

export const bearerSecurity = [{ bearerAuth: [] }];

/** The `{userId}` of per-user paths; requireOwner then compares it with the token's subject. */
export const userIdParams = z.object({ userId: z.string().min(1).max(128) });

/**
 * A vendor's signed webhook, documented but not validated by zod on the way in: its signature must be
 * checked over the untouched raw body first (the handler parses it after).
 */
export const signedWebhookRoute = <T extends z.ZodType>(
  path: string,
  summary: string,
  answer: T,
  body: z.ZodType = z.object({}).passthrough(),
) =>
  createRoute({
    method: 'post',
    path,
    tags: ['webhooks'],
    summary,
    request: { body: { content: { 'application/json': { schema: body } }, required: true } },
    responses: {
      200: jsonContent(answer, 'Accepted'),
      400: errorResponses[400],
      500: errorResponses[500],
    },
  });

type RequestSchemas = { params?: z.ZodType; query?: z.ZodType };
type DocumentedRoute = Parameters<typeof createRoute>[0] & { request?: RequestSchemas };

/**
 * The query as Hono's validator hands it to zod: a key given once is a string, a repeated key an array.
 */
const queryOf = (c: Context) =>
  Object.fromEntries(
    Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
  );

/**
 * The route's path parameters and query checked with its own zod schemas, synchronously, in one
 * middleware: the same checks, order (query, then params) and 400 (validationHook) as zod-openapi's
 * validators, which are one async middleware each around zod's `safeParseAsync` (a chain of promises per
 * request, each one paying Node 20's promise hooks for the log context). For routes every screen reads
 * (issue 41 §3); the handler then reads `c.req.valid('param' | 'query')` as usual.
 */
export function syncRequestValidation(request: RequestSchemas): MiddlewareHandler {
  // Not an async function: on success it hands on next()'s promise rather than awaiting it, one promise
  // (and one await) fewer per request.
  return (c, next) => {
    const refused = validateRequest(c, request);
    return refused ? Promise.resolve(refused) : next();
  };
}

/**
 * syncRequestValidation's checks as a plain function: undefined when the params and query are valid (now
 * in `c.req.valid`), else validationHook's 400.
 */
function validateRequest(c: Context, { params, query }: RequestSchemas): Response | undefined {
  if (query) {
    const result = query.safeParse(queryOf(c));
    if (!result.success) return validationHook(result, c);
    c.req.addValidatedData('query', result.data as object);
  }
  if (params) {
    const result = params.safeParse(c.req.param());
    if (!result.success) return validationHook(result, c);
    c.req.addValidatedData('param', result.data as object);
  }
  return undefined;
}

/**
 * Documents `route` in the app's OpenAPI registry as it is, and returns the same route for `.openapi()`
 * with its params and query validated by syncRequestValidation instead of zod-openapi's validators (and
 * not documented twice). The handler keeps the route's types: `c.req.valid` is filled the same way.
 */
export function withSyncValidation<R extends DocumentedRoute>(app: OpenAPIHono<AppEnv>, route: R): R {
  const { middleware, request, ...documented } = route;
  app.openAPIRegistry.registerPath({ ...documented, request });
  const own = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
  const { params: _params, query: _query, ...rest } = request ?? {};
  return {
    ...route,
    hide: true,
    request: Object.keys(rest).length > 0 ? rest : undefined,
    middleware: [...own, syncRequestValidation(request ?? {})],
  };
}

/**
 * A route's guard as a plain function: refuses by throwing (an HttpError), else sets what the handler
 * reads (e.g. `user`). Synchronous when it can be (authenticate on a known token).
 */
export type RouteGuard = (c: Context) => unknown;

/**
 * For the routes every screen reads (issue 41 §3): the route documented as it is, and served by ONE Hono
 * handler that runs `guard` (the token and owner checks, instead of the route's `middleware`), then its
 * params and query checks (as withSyncValidation), then the handler. Hono calls a route that matches a
 * single handler directly, with no middleware chain (compose's async level, promise and await per
 * middleware), and a guard that needs nothing awaited runs without a promise. Same answers: a guard's
 * error goes to the app's error handler, a bad param to validationHook's 400. The route must have no body
 * (zod-openapi would add its body validator as a second handler) and no `middleware` of its own.
 */
export function withOneHandler<R extends DocumentedRoute>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  guard: RouteGuard,
): { route: R; handler: <H>(handler: H) => H } {
  if (route.middleware !== undefined) throw new Error('withOneHandler: the guard replaces the middleware');
  const { request = {} } = route;
  if (Object.keys(request).some((part) => part !== 'params' && part !== 'query')) {
    throw new Error('withOneHandler: only params and query can be checked in the one handler');
  }
  const { params, query } = request;
  const { middleware: _none, request: _documented, ...bare } = withSyncValidation(app, route);
  return {
    route: bare as R,
    handler: <H>(handler: H): H => {
      const answer = handler as (c: Context, next: Next) => unknown;
      const checks = { params, query };
      // No named closure per request: tsx (the local server, the bench) wraps each in `__name`, an
      // Object.defineProperty call, about 1 % of the config read's CPU (issue 41 §3).
      return ((c: Context, next: Next) => {
        const guarded = guard(c);
        return guarded instanceof Promise
          ? guarded.then(() => validateRequest(c, checks) ?? answer(c, next))
          : (validateRequest(c, checks) ?? answer(c, next));
      }) as H;
    },
  };
}
