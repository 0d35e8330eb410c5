import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  assistantPhoneRequestSchema,
  assistantPhoneResponseSchema,
  availablePhoneNumbersQuerySchema,
  availablePhoneNumbersResponseSchema,
} from '@shared/schemas/phone-numbers';
import { PHONE_NUMBER_MESSAGES, PHONE_PURCHASES_PER_DAY } from '@shared/phone-numbers';
import { apiErrorSchema } from '@shared/schemas/api-error';
import type { PhoneNumbersDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { randomUUID } from 'node:crypto';
import { HttpError, notFound, tooManyRequests } from '../../platform/errors/http-error';
import { NumberUnavailableError, TelephonyError, telephonyWebhookUrls } from '../../providers/telephony/port';
import { requireLiveSubscription } from '../billing/index';
import { enforceUserQuota } from '../../platform/quotas/user-quotas';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { withEffectiveModules } from '../setup/index';
import { assertNotBusinessLine } from '../forwarding/index';

const conflict = (message: string) => new HttpError(409, 'conflict', message);
const providerFailed = () => new HttpError(502, 'provider_error', PHONE_NUMBER_MESSAGES.providerFailed);

export const phoneNumberRoutes = (deps: PhoneNumbersDeps) => {
  const { verifyToken, data, providers, config, logger, rateLimiter, messagingRegistrations } = deps;
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
      429: jsonContent(
        apiErrorSchema,
        'Too many searches by this owner; Retry-After says when to search again',
      ),
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
      409: jsonContent(
        apiErrorSchema,
        'Another business holds the number, it is no longer available, or another change is in progress',
      ),
      429: jsonContent(apiErrorSchema, 'Too many numbers bought today'),
      502: jsonContent(apiErrorSchema, 'The telephony provider failed'),
    },
  });

  const routes = new OpenAPIHono<AppEnv>()
    .openapi(availableRoute, async (c) => {
      const query = c.req.valid('query');
      // Each search is a call to the provider's API, which rate-limits (and may bill) the account.
      await enforceUserQuota(
        rateLimiter,
        'numberSearch',
        c.get('user')!.sub,
        PHONE_NUMBER_MESSAGES.searchLimited,
      );
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
      // The business line forwards to the assistant: the same number would loop (decision 172).
      assertNotBusinessLine(businessConfig.phone_number, phoneNumber);
      // Numbers cost money every month: only owners who pay or are in the trial may buy one (issue 10).
      await requireLiveSubscription(deps, userId);

      // One change per owner at a time: ten parallel picks leave one number held, not ten.
      const lockToken = randomUUID();
      if (!(await data.phoneReservations.acquireChangeLock(userId, lockToken))) {
        throw conflict(PHONE_NUMBER_MESSAGES.changeInProgress);
      }
      try {
        await changeAssistantPhone(userId, phoneNumber, businessConfig.assistant_phone, lockToken, c.req.url);
      } finally {
        await data.phoneReservations.releaseChangeLock(userId, lockToken);
      }
      // The stored config (read after the change, which wrote it) is the answer's record.
      const stored = await data.businessConfigs.getConfig(userId);
      if (!stored) throw notFound(PHONE_NUMBER_MESSAGES.configNotFound);
      const config = await withEffectiveModules(data, userId, stored);
      return c.json({ assistant_phone: phoneNumber, message: PHONE_NUMBER_MESSAGES.saved, config }, 200);
    });

  /**
   * Repairs what an earlier change left half-done (its request died or the provider failed): numbers given
   * up but not released at the provider, numbers bought but never activated, and a config that does not
   * point at the active number. Runs under the owner's lock, so nothing else of this owner is in flight.
   */
  async function repairOwnerNumbers(userId: string, keep: string, configPhone: string | undefined) {
    const held = await data.phoneReservations.heldBy(userId);
    for (const reservation of held) {
      if (reservation.phone_number === keep || reservation.status === 'active') continue;
      if (reservation.provider_sid) {
        try {
          await providers.telephony.release(reservation.provider_sid);
        } catch (error) {
          // Kept for the next change to retry; the number still costs money until then.
          logger.error('phone_release_failed', { sid: reservation.provider_sid, error: String(error) });
          continue;
        }
      }
      await data.phoneReservations.forget(userId, reservation.phone_number);
    }
    const active = held.find((r) => r.status === 'active');
    if (active && active.phone_number !== configPhone && active.phone_number !== keep) {
      await data.businessConfigs.updateConfigFields(userId, { assistant_phone: active.phone_number });
    }
  }

  async function changeAssistantPhone(
    userId: string,
    phoneNumber: string,
    configPhone: string | undefined,
    lockToken: string,
    requestUrl: string,
  ) {
    await repairOwnerNumbers(userId, phoneNumber, configPhone);
    const held = await data.phoneReservations.heldBy(userId);
    const current = held.find((r) => r.phone_number === phoneNumber);
    if (configPhone === phoneNumber && current?.status === 'active' && held.length === 1) {
      // Picking the same number again also retries its joining the messaging service, if that failed.
      if (current.provider_sid) {
        await messagingRegistrations.attachIfAwaiting(userId, { sid: current.provider_sid, phoneNumber });
      }
      return;
    }

    // 1. Reserve: one conditional write decides between two owners picking the same number.
    const claim = await data.phoneReservations.claim(userId, phoneNumber);
    if (claim.outcome === 'taken') throw conflict(PHONE_NUMBER_MESSAGES.numberTaken);

    // 2. Buy it unless this owner already did (an earlier attempt that did not finish), with calls and
    //    texts pointed at our API. Each purchase counts against the owner's daily limit.
    let sid = claim.outcome === 'already-yours' ? claim.reservation.provider_sid : undefined;
    if (!sid) {
      if (!(await rateLimiter.hit(`phonePurchase#${userId}`, PHONE_PURCHASES_PER_DAY, 24 * 60 * 60))) {
        await data.phoneReservations.dropPending(userId, phoneNumber);
        throw tooManyRequests(PHONE_NUMBER_MESSAGES.dailyLimit);
      }
      const webhookBase = config.publicApiUrl ?? new URL(requestUrl).origin;
      try {
        ({ sid } = await providers.telephony.purchase({
          phoneNumber,
          ...telephonyWebhookUrls(webhookBase, userId),
        }));
      } catch (error) {
        await data.phoneReservations.dropPending(userId, phoneNumber);
        if (error instanceof NumberUnavailableError) throw conflict(PHONE_NUMBER_MESSAGES.numberUnavailable);
        if (error instanceof TelephonyError) {
          logger.error('Phone number purchase failed', { error: error.message, status: error.status });
          throw providerFailed();
        }
        throw error;
      }
      // Recorded at once: if anything below fails, the repair (or a retry of this pick) finds the sid.
      await data.phoneReservations.recordPurchase(userId, phoneNumber, sid);
    }

    // 3. One transaction, only while this change still holds the lock: the new number becomes active and
    //    every other number the owner held becomes 'releasing'. Before it, an owner with an A2P messaging
    //    service marks the number as not in it yet, so the texting gate holds its US texts until step 4b.
    await messagingRegistrations.numberChanging(userId, phoneNumber);
    const released = held.filter((r) => r.phone_number !== phoneNumber);
    await data.phoneReservations.activate(
      userId,
      phoneNumber,
      sid,
      released.map((r) => r.phone_number),
      lockToken,
    );
    // 4. The config points at it; if this fails, the owner's next change (or picking again) repairs it.
    const updated = await data.businessConfigs.updateConfigFields(userId, { assistant_phone: phoneNumber });
    if (!updated) throw notFound(PHONE_NUMBER_MESSAGES.configNotFound);
    // 4b. The number joins the owner's messaging service. A failure is logged and left waiting (the
    //     registration view and the next change retry it): the number is bought and active either way,
    //     so even a failed write here must not turn the change into an error or skip the release below.
    try {
      await messagingRegistrations.attachNumber(userId, { sid, phoneNumber });
    } catch (error) {
      logger.error('messaging_registration.number_attach_failed', { owner_id: userId, error: String(error) });
    }

    // 5. Give the old numbers back to the provider and forget them; a failure leaves them 'releasing'.
    await repairOwnerNumbers(userId, phoneNumber, phoneNumber);
  }

  return routes;
};
