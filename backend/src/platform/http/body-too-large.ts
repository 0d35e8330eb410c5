import { SERVICE_LIMITS } from '@shared/service-limits';
import type { ApiError } from '@shared/schemas/api-error';

/**
 * The 413's body of a request over the API's body limit: the app's body limit (request-guards.ts) and the
 * telephony function's direct first ring (incoming-call-direct.ts) answer it. Apart from the guards, which
 * are Hono middleware, so that the first ring loads no Hono at start (docs/decisions/186-cold-start.md).
 */
export const BODY_TOO_LARGE: Readonly<ApiError> = Object.freeze({
  error: 'payload_too_large',
  message: `The request body is larger than ${SERVICE_LIMITS.maxRequestBodyBytes / 1024} KB.`,
});
