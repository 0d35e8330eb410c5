import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { SERVICE_LIMITS } from '@shared/service-limits';
import type { ApiError } from '@shared/schemas/api-error';

/** Bodies over the limit get 413 in the API's error shape before any handler parses them. */
export const requestBodyLimit = bodyLimit({
  maxSize: SERVICE_LIMITS.maxRequestBodyBytes,
  onError: (c) =>
    c.json<ApiError>(
      {
        error: 'payload_too_large',
        message: `The request body is larger than ${SERVICE_LIMITS.maxRequestBodyBytes / 1024} KB.`,
      },
      413,
    ),
});

/**
 * Anything answered to a request that carried credentials is per-owner data: no browser, proxy or CDN may keep
 * it (a shared computer's back button or a misconfigured cache would otherwise show one owner's data to the
 * next visitor).
 */
export const noStoreForAuthenticated = createMiddleware(async (c, next) => {
  await next();
  if (c.req.header('Authorization')) c.res.headers.set('Cache-Control', 'no-store');
});
