import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ACCOUNT_DELETION_LIMIT,
  ACCOUNT_DELETION_PATH,
  ACCOUNT_DELETION_TEXTS,
} from '@shared/account-deletion';
import {
  accountDeletionRequestSchema,
  accountDeletionResponseSchema,
} from '@shared/schemas/account-deletion';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { SESSION_MESSAGES } from '@shared/session';
import type { AccountDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError, tooManyRequests } from '../../platform/errors/http-error';
import { IdentityError } from '../../providers/identity/port';
import { PaymentProviderError } from '../../providers/payments/port';
import { TelephonyError } from '../../providers/telephony/port';
import { RecordingProviderError } from '../../providers/call-recordings/port';
import { deleteOwnerRecordings } from '../recordings/index';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { deleteAccount } from './delete-account';

const route = createRoute({
  method: 'delete',
  path: ACCOUNT_DELETION_PATH,
  tags: ['account'],
  summary:
    'Delete the account: sessions end, subscription cancelled, number released, data erased, user deleted',
  security: bearerSecurity,
  request: {
    params: userIdParams,
    body: { content: { 'application/json': { schema: accountDeletionRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(accountDeletionResponseSchema, 'The account is deleted'),
    ...errorResponses,
    409: jsonContent(apiErrorSchema, 'A deletion of this account is running'),
    429: jsonContent(apiErrorSchema, 'Too many deletion attempts'),
    502: jsonContent(apiErrorSchema, 'A provider failed; retrying finishes the deletion'),
  },
});

/** A provider that failed half-way: the marker stays, and the retry (same token) finishes the job. */
const isProviderFailure = (error: unknown) =>
  error instanceof IdentityError ||
  error instanceof PaymentProviderError ||
  error instanceof TelephonyError ||
  error instanceof RecordingProviderError;

/**
 * DELETE /oauth/users/{userId}/account (issue 10 §7). The token must be the owner's; an account whose
 * deletion started is let through here only (auth/revocation-check.ts), so a retry can finish it. Once it
 * is finished the old tokens are refused everywhere, this route included (401 account_deleted).
 */
export const accountRoutes = (deps: AccountDeps) =>
  new OpenAPIHono<AppEnv>().openapi(
    {
      ...route,
      middleware: [requireAuth(deps.verifyToken, { duringAccountDeletion: true }), requireOwner()] as const,
    },
    async (c) => {
      const user = c.get('user')!;
      c.req.valid('json');
      const { requests, windowSeconds } = ACCOUNT_DELETION_LIMIT;
      if (!(await deps.rateLimiter.hit(`accountDeletion#${user.sub}`, requests, windowSeconds))) {
        throw tooManyRequests('Too many account deletion attempts. Please try again in an hour.');
      }
      const claims = user.claims as Record<string, unknown>;
      const username = [claims['cognito:username'], claims.username].find(
        (value): value is string => typeof value === 'string' && value.length > 0,
      );
      let result;
      try {
        result = await deleteAccount(
          {
            accountDeletions: deps.data.accountDeletions,
            forgetSessions: (sub) => deps.data.sessionRevocations.forgetOwner(sub),
            subscriptions: deps.data.subscriptions,
            phoneReservations: deps.data.phoneReservations,
            erasure: deps.data.ownerDataErasure,
            identity: deps.providers.identity,
            payments: deps.providers.payments,
            telephony: deps.providers.telephony,
            deleteRecordings: (ownerId) => deleteOwnerRecordings(deps, ownerId),
            logger: deps.logger,
          },
          { sub: user.sub, username: username ?? user.sub, email: user.email },
        );
      } catch (error) {
        if (isProviderFailure(error))
          throw new HttpError(502, 'deletion_incomplete', ACCOUNT_DELETION_TEXTS.failed);
        throw error;
      }
      if (result.outcome === 'busy') throw new HttpError(409, 'conflict', ACCOUNT_DELETION_TEXTS.inProgress);
      if (result.outcome === 'already-deleted') {
        throw new HttpError(401, 'account_deleted', SESSION_MESSAGES.accountDeleted);
      }
      return c.json(
        {
          deleted: true as const,
          removed: {
            items: result.items,
            phone_numbers_released: result.phoneNumbersReleased,
            subscriptions_cancelled: result.subscriptionsCancelled,
          },
        },
        200,
      );
    },
  );
