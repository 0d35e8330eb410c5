import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
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
  const { params, query } = request;
  // Not an async function: on success it hands on next()'s promise rather than awaiting it, one promise
  // (and one await) fewer per request.
  return (c, next) => {
    if (query) {
      const result = query.safeParse(queryOf(c));
      if (!result.success) return Promise.resolve(validationHook(result, c));
      c.req.addValidatedData('query', result.data as object);
    }
    if (params) {
      const result = params.safeParse(c.req.param());
      if (!result.success) return Promise.resolve(validationHook(result, c));
      c.req.addValidatedData('param', result.data as object);
    }
    return next();
  };
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
