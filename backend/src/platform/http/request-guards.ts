import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { SERVICE_LIMITS } from '@shared/service-limits';
import type { ApiError } from '@shared/schemas/api-error';
import { findUnstorableValue } from '@shared/safe-text';
import { HttpError } from '../errors/http-error';
import { BODY_TOO_LARGE } from './body-too-large';

const limitBody = bodyLimit({
  maxSize: SERVICE_LIMITS.maxRequestBodyBytes,
  onError: (c) => c.json<ApiError>({ ...BODY_TOO_LARGE }, 413),
});

/** Fetch requests with these methods cannot carry a body, so there is nothing to measure. */
const BODILESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * Bodies over the limit get 413 in the API's error shape before any handler parses them. Bodiless requests
 * skip the check: it reads `c.req.raw.body`, which makes @hono/node-server build a full undici Request for
 * every GET, 5 % of the API's CPU under load (issue 16 §4 profile).
 */
export const requestBodyLimit = createMiddleware(async (c, next) =>
  BODILESS_METHODS.has(c.req.method) ? next() : limitBody(c, next),
);

/**
 * One rule for every field of the product API (issue 10 §8): a JSON body holding NUL or an unpaired
 * surrogate anywhere (keys included), or a number DynamoDB cannot store, is refused with 400 before any
 * handler runs, so no route can half-store it or fail with a 500. Reads the body as text (Hono caches it)
 * so signature checks further on still see the raw bytes; bodies that are not JSON are left to the route's
 * validator. Webhooks keep the vendors' own rules.
 */
export const rejectUnstorableInput = createMiddleware(async (c, next) => {
  const product = c.req.path.startsWith('/oauth/') || c.req.path.startsWith('/api/');
  if (product && c.req.header('Content-Type')?.includes('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return next();
    }
    const found = findUnstorableValue(body);
    if (found) {
      // The same shape as the validators' 400, so forms put the message on the field.
      throw new HttpError(400, 'validation_error', `Invalid request: ${found.path}: ${found.message}`, [
        found,
      ]);
    }
  }
  return next();
});
