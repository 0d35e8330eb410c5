import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  businessRegistrationDetailsSchema,
  messagingRegistrationSchema,
  registrationConflictErrorSchema,
  registrationFieldErrorSchema,
  registrationOtpResendSchema,
  registrationRejectedErrorSchema,
} from '@shared/schemas/messaging-registration';
import { apiErrorSchema } from '@shared/schemas/api-error';
import type { PlatformDeps } from '../../platform/deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { RegistrationRejectedHttpError, type MessagingRegistrations } from './registration-service';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

export const MESSAGING_REGISTRATION_PATH = '/oauth/users/{userId}/messaging-registration';

/** A wrong field answers 400 naming it (`field`, its path) with that field's own message. */
const fieldErrorHook = (
  result: { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } },
  c: Context,
) => {
  if (result.success) return undefined;
  const issue = result.error?.issues[0];
  const field = (issue?.path ?? []).map(String).join('.');
  return c.json(
    {
      error: 'invalid_registration' as const,
      message: issue?.message ?? 'Invalid request',
      field: field || 'body',
    },
    400,
  );
};

/**
 * The owner's A2P 10DLC registration (docs/decisions/169): read it, submit or resubmit the business's legal
 * details, and ask for the sole proprietor's verification text again. The shapes are the contract in
 * shared/schemas/messaging-registration.ts.
 */
export const messagingRegistrationRoutes = (
  { verifyToken }: Pick<PlatformDeps, 'verifyToken'>,
  registrations: MessagingRegistrations,
) => {
  const auth = requireAuth(verifyToken);
  const common = { tags: ['messaging-registration'], security: bearerSecurity };
  const getRoute = createRoute({
    ...common,
    middleware: [auth, requireOwner()] as const,
    method: 'get',
    path: MESSAGING_REGISTRATION_PATH,
    summary: 'The business’s texting (A2P 10DLC) registration',
    request: { params: userIdParams },
    responses: { 200: jsonContent(messagingRegistrationSchema, 'The registration'), ...errorResponses },
  });
  const putRoute = createRoute({
    ...common,
    middleware: [auth, requireOwner()] as const,
    method: 'put',
    path: MESSAGING_REGISTRATION_PATH,
    summary: 'Submit (or resubmit after a failure) the business’s legal details for texting registration',
    request: {
      params: userIdParams,
      body: {
        content: { 'application/json': { schema: businessRegistrationDetailsSchema } },
        required: true,
      },
    },
    responses: {
      200: jsonContent(messagingRegistrationSchema, 'Submitted: the stored registration'),
      ...errorResponses,
      400: jsonContent(registrationFieldErrorSchema, 'A field is wrong; `field` names it'),
      409: jsonContent(registrationConflictErrorSchema, 'In review, waiting for verification, or approved'),
      422: jsonContent(registrationRejectedErrorSchema, 'The provider refused it; what was entered is kept'),
      429: jsonContent(apiErrorSchema, 'Submitted too often today'),
      502: jsonContent(apiErrorSchema, 'The registration service failed'),
    },
  });
  const otpRoute = createRoute({
    ...common,
    middleware: [auth, requireOwner()] as const,
    method: 'post',
    path: `${MESSAGING_REGISTRATION_PATH}/otp`,
    summary: 'Text the sole proprietor’s verification message to the contact’s mobile again',
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: registrationOtpResendSchema } }, required: false },
    },
    responses: {
      200: jsonContent(messagingRegistrationSchema, 'Sent again'),
      ...errorResponses,
      409: jsonContent(registrationConflictErrorSchema, 'No verification is waiting'),
      429: jsonContent(apiErrorSchema, 'Asked too often today'),
      502: jsonContent(apiErrorSchema, 'The registration service failed'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(getRoute, async (c) => c.json(await registrations.view(c.req.valid('param').userId), 200))
    .openapi(
      putRoute,
      async (c) => {
        const { userId } = c.req.valid('param');
        try {
          return c.json(await registrations.submit(userId, c.req.valid('json')), 200);
        } catch (error) {
          if (!(error instanceof RegistrationRejectedHttpError)) throw error;
          return c.json(
            {
              error: 'registration_rejected' as const,
              message: error.failure.reason,
              ...(error.failure.field ? { field: error.failure.field } : {}),
              whatToChange: error.failure.whatToChange,
              registration: error.registration,
            },
            422,
          );
        }
      },
      fieldErrorHook,
    )
    .openapi(otpRoute, async (c) =>
      c.json(await registrations.resendVerification(c.req.valid('param').userId), 200),
    );
};
