import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  PHONE_NUMBER_MESSAGES,
  assistantPhoneRequestSchema,
  assistantPhoneResponseSchema,
  availablePhoneNumbersQuerySchema,
  availablePhoneNumbersResponseSchema,
} from '@shared/schemas/phone-numbers';
import { apiErrorSchema } from '@shared/schemas/api-error';
import type { AppDeps, AppEnv } from '../../app-types';
import { requireAuth, requireOwner } from '../../auth/middleware';
import { HttpError, notFound } from '../../errors/http-error';
import {
  NumberUnavailableError,
  TelephonyError,
  telephonyWebhookUrls,
} from '../../providers/telephony/index';
import { requireLiveSubscription } from '../../billing/live-subscription';
import { bearerSecurity, errorResponses, jsonContent, userIdParams } from '../openapi-helpers';

const conflict = (message: string) => new HttpError(409, 'conflict', message);
const providerFailed = () => new HttpError(502, 'provider_error', PHONE_NUMBER_MESSAGES.providerFailed);

export const phoneNumberRoutes = (deps: AppDeps) => {
  const { verifyToken, data, providers, config, logger } = deps;
  const availableRoute = createRoute({
    method: 'get',
    path: '/oauth/phone-numbers/available',
    tags: ['phone-numbers'],
    summary: 'Numbers the assistant can get (defaults: US, 3 numbers); numbers somebody holds are not listed',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    request: { query: availablePhoneNumbersQuerySchema },
    responses: {
      200: jsonContent(availablePhoneNumbersResponseSchema, 'Available numbers'),
      ...errorResponses,
      502: jsonContent(apiErrorSchema, 'The telephony provider failed'),
    },
  });

  const assistantPhoneRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/assistant-phone',
    tags: ['phone-numbers'],
    summary: "Reserve and buy the assistant's number; the number held before is released",
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: assistantPhoneRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(assistantPhoneResponseSchema, 'The number is now the assistant phone'),
      ...errorResponses,
      402: jsonContent(apiErrorSchema, 'No active or trialing subscription'),
      404: jsonContent(apiErrorSchema, 'No business config yet'),
      409: jsonContent(apiErrorSchema, 'Another business holds the number, or it is no longer available'),
      502: jsonContent(apiErrorSchema, 'The telephony provider failed'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(availableRoute, async (c) => {
      const query = c.req.valid('query');
      try {
        const numbers = await providers.telephony.searchAvailable({
          country: query.country,
          areaCode: query.area_code,
          region: query.region,
          locality: query.locality,
          postalCode: query.postal_code,
          limit: query.limit,
        });
        return c.json({ numbers }, 200);
      } catch (error) {
        if (error instanceof TelephonyError) {
          logger.error('Phone number search failed', { error: error.message, status: error.status });
          throw providerFailed();
        }
        throw error;
      }
    })
    .openapi(assistantPhoneRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const phoneNumber = c.req.valid('json').assistant_phone;
      const businessConfig = await data.businessConfigs.getConfig(userId);
      if (!businessConfig) throw notFound(PHONE_NUMBER_MESSAGES.configNotFound);
      // Numbers cost money every month: only owners who pay or are in the trial may buy one (issue 10).
      await requireLiveSubscription(deps, userId);

      const held = await data.phoneReservations.heldBy(userId);
      const current = held.find((r) => r.phone_number === phoneNumber);
      const saved = { assistant_phone: phoneNumber, message: PHONE_NUMBER_MESSAGES.saved };
      if (
        businessConfig.assistant_phone === phoneNumber &&
        current?.status === 'active' &&
        held.length === 1
      ) {
        return c.json(saved, 200);
      }

      // 1. Reserve: one conditional write decides between two owners picking the same number.
      const claim = await data.phoneReservations.claim(userId, phoneNumber);
      if (claim.outcome === 'taken') throw conflict(PHONE_NUMBER_MESSAGES.numberTaken);

      // 2. Buy it (unless this owner already did), with calls and texts pointed at our API.
      let sid =
        claim.outcome === 'already-yours' && claim.reservation.status === 'active'
          ? claim.reservation.provider_sid
          : undefined;
      if (!sid) {
        const webhookBase = config.publicApiUrl ?? new URL(c.req.url).origin;
        try {
          ({ sid } = await providers.telephony.purchase({
            phoneNumber,
            ...telephonyWebhookUrls(webhookBase),
          }));
        } catch (error) {
          await data.phoneReservations.dropPending(userId, phoneNumber);
          if (error instanceof NumberUnavailableError)
            throw conflict(PHONE_NUMBER_MESSAGES.numberUnavailable);
          if (error instanceof TelephonyError) {
            logger.error('Phone number purchase failed', { error: error.message, status: error.status });
            throw providerFailed();
          }
          throw error;
        }
      }

      // 3. One transaction: the new number becomes active and every other number the owner held is let go.
      const released = held.filter((r) => r.phone_number !== phoneNumber);
      await data.phoneReservations.activate(
        userId,
        phoneNumber,
        sid,
        released.map((r) => r.phone_number),
      );
      // 4. The config points at it last: a failure before this leaves the old choice in place, and
      //    picking the number again completes the change (the owner already holds it).
      const updated = await data.businessConfigs.updateConfigFields(userId, { assistant_phone: phoneNumber });
      if (!updated) throw notFound(PHONE_NUMBER_MESSAGES.configNotFound);

      // 5. Give the old numbers back to the provider; a failure here costs money, not correctness.
      for (const old of released) {
        if (!old.provider_sid) continue;
        try {
          await providers.telephony.release(old.provider_sid);
        } catch (error) {
          logger.error('Releasing a phone number failed; release it by hand', {
            sid: old.provider_sid,
            error: String(error),
          });
        }
      }
      return c.json(saved, 200);
    });
};
