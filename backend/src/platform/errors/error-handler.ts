import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import type { ApiError } from '@shared/schemas/api-error';
import type { Logger } from '../logging/logger';
import { HttpError } from './http-error';
import { isDatabaseUnavailable } from './database-faults';
import { SERVICE_LIMITS } from '@shared/service-limits';

const body = (error: string, message: string, details?: unknown): ApiError =>
  details === undefined ? { error, message } : { error, message, details };

/** An error's answer: its status, the one JSON error shape and any header it adds (Retry-After). */
export type ErrorAnswer = { status: number; body: ApiError; headers: Record<string, string> };

/**
 * Maps every failure to the one JSON error shape; unexpected errors are logged and never leak internals.
 * Framework-free, so an answer built without Hono (the telephony function's incoming call) fails the same.
 */
export function errorAnswer(
  error: unknown,
  logger: Logger,
  request: { path: string; method: string },
): ErrorAnswer {
  const { path, method } = request;
  if (error instanceof HttpError) {
    const headers: Record<string, string> =
      error.retryAfterSeconds !== undefined ? { 'Retry-After': String(error.retryAfterSeconds) } : {};
    return { status: error.status, body: body(error.code, error.message, error.details), headers };
  }
  if (error instanceof HTTPException) {
    // Hono's own validators (e.g. malformed JSON) throw these.
    return { status: error.status, body: body('bad_request', error.message || 'Bad request'), headers: {} };
  }
  if (isDatabaseUnavailable(error)) {
    logger.error('Database unavailable', { path, method, error: String(error) });
    return {
      status: 503,
      body: body(
        'service_unavailable',
        'The service is briefly unavailable. Please try again in a few seconds.',
      ),
      headers: { 'Retry-After': String(SERVICE_LIMITS.databaseRetryAfterSeconds) },
    };
  }
  if (isRetryableLater(error)) {
    logger.warn('Busy, asked to retry', { path, method, error: error.name });
    return {
      status: 503,
      body: body('busy', 'This conversation is busy. Please try again in a moment.'),
      headers: { 'Retry-After': String(error.retryAfterSeconds) },
    };
  }
  logger.error('Unhandled error', { path, method, error: String(error) });
  return {
    status: 500,
    body: body('internal_error', 'Something went wrong on our side. Please try again.'),
    headers: {},
  };
}

/** The Hono app's onError: errorAnswer as a JSON response. */
export const createErrorHandler =
  (logger: Logger): ErrorHandler =>
  (error, c) => {
    const answer = errorAnswer(error, logger, { path: c.req.path, method: c.req.method });
    for (const name in answer.headers) c.header(name, answer.headers[name]);
    return c.json(answer.body, answer.status as ContentfulStatusCode);
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
