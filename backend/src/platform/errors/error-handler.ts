import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiError } from '@shared/schemas/api-error';
import type { Logger } from '../logging/logger';
import { HttpError } from './http-error';
import { isDatabaseUnavailable } from './database-faults';
import { SERVICE_LIMITS } from '@shared/service-limits';

const body = (error: string, message: string, details?: unknown): ApiError =>
  details === undefined ? { error, message } : { error, message, details };

/** Maps every failure to the one JSON error shape; unexpected errors are logged and never leak internals. */
export const createErrorHandler =
  (logger: Logger): ErrorHandler =>
  (error, c) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(body(error.code, error.message, error.details), error.status);
    }
    if (error instanceof HTTPException) {
      // Hono's own validators (e.g. malformed JSON) throw these.
      return c.json(body('bad_request', error.message || 'Bad request'), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      logger.error('Database unavailable', { path: c.req.path, method: c.req.method, error: String(error) });
      c.header('Retry-After', String(SERVICE_LIMITS.databaseRetryAfterSeconds));
      return c.json(
        body('service_unavailable', 'The service is briefly unavailable. Please try again in a few seconds.'),
        503,
      );
    }
    if (isRetryableLater(error)) {
      logger.warn('Busy, asked to retry', { path: c.req.path, method: c.req.method, error: error.name });
      c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(body('busy', 'This conversation is busy. Please try again in a moment.'), 503);
    }
    logger.error('Unhandled error', { path: c.req.path, method: c.req.method, error: String(error) });
    return c.json(body('internal_error', 'Something went wrong on our side. Please try again.'), 500);
  };

/** An error that names how long to wait (e.g. a conversation whose turns queue up): a 503, not a 500. */
const isRetryableLater = (error: unknown): error is Error & { retryAfterSeconds: number } =>
  error instanceof Error && typeof (error as { retryAfterSeconds?: unknown }).retryAfterSeconds === 'number';

export const notFoundHandler: NotFoundHandler = (c: Context) =>
  c.json(body('not_found', `No route for ${c.req.method} ${c.req.path}`), 404);

/** zod-openapi's hook: invalid input becomes a 400 that says which fields are wrong. */
export const validationHook = (
  result: { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } },
  c: Context,
) => {
  if (result.success) return undefined;
  const issues = (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const summary = issues
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join('; ');
  return c.json(body('validation_error', `Invalid request: ${summary}`, issues), 400);
};
