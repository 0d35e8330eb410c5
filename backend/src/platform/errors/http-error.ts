import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error that maps to one HTTP status and the API's one error shape `{ error, message, details? }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Seconds after which the same request may succeed: sent as `Retry-After` (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new HttpError(400, 'bad_request', message, details);
export const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);
/**
 * 429; with `retryAfterSeconds` the answer says when to try again twice: `Retry-After` for HTTP clients and
 * `details.retry_after_seconds` for the browser, which cannot read that header across origins.
 */
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  retryAfterSeconds === undefined
    ? new HttpError(429, 'too_many_requests', message)
    : new HttpError(
        429,
        'too_many_requests',
        message,
        { retry_after_seconds: retryAfterSeconds },
        retryAfterSeconds,
      );
