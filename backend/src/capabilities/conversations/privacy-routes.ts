import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  eraseCallerResponseSchema,
  eraseCallerSchema,
  privacySettingsResponseSchema,
  privacySettingsSchema,
} from '@shared/schemas/privacy';
import { DEFAULT_RETENTION_DAYS } from '@shared/privacy-retention';
import { PRIVACY_TEXTS } from '@shared/privacy';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { ConversationsDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError, notFound } from '../../platform/errors/http-error';
import { RecordingProviderError } from '../../providers/call-recordings/port';
import { eraseCallerRecordings, restampRecordings } from '../recordings/index';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

const jsonBody = <T extends Parameters<typeof jsonContent>[0]>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const noConfig = { 404: jsonContent(apiErrorSchema, 'The owner has no business config yet') };

/** Issue 13 §5: the owner's retention period for conversation records, and erasing one caller. */
export const privacyRoutes = (deps: ConversationsDeps) => {
  const { verifyToken, data } = deps;
  const auth = requireAuth(verifyToken);

  const getRoute = createRoute({
    tags: ['privacy'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'get',
    path: '/oauth/users/{userId}/privacy',
    summary: 'How long conversation records are kept',
    request: { params: userIdParams },
    responses: { 200: jsonContent(privacySettingsSchema, 'The setting'), ...errorResponses, ...noConfig },
  });
  const putRoute = createRoute({
    tags: ['privacy'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'put',
    path: '/oauth/users/{userId}/privacy',
    summary: 'Change the retention period; stored records get the new expiry',
    request: { params: userIdParams, ...jsonBody(privacySettingsSchema) },
    responses: {
      200: jsonContent(privacySettingsResponseSchema, 'Saved'),
      ...errorResponses,
      ...noConfig,
    },
  });
  const eraseRoute = createRoute({
    tags: ['privacy'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    method: 'post',
    path: '/oauth/users/{userId}/callers/erase',
    summary: 'Erase everything stored about one caller number',
    request: { params: userIdParams, ...jsonBody(eraseCallerSchema) },
    responses: { 200: jsonContent(eraseCallerResponseSchema, 'What was erased'), ...errorResponses },
  });

  const configOf = async (userId: string) => {
    const config = await data.businessConfigs.getConfig(userId);
    if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
    return config;
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(getRoute, async (c) => {
      const config = await configOf(c.req.valid('param').userId);
      return c.json(
        { transcript_retention_days: config.transcript_retention_days ?? DEFAULT_RETENTION_DAYS },
        200,
      );
    })
    .openapi(putRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const days = c.req.valid('json').transcript_retention_days;
      const previous = (await configOf(userId)).transcript_retention_days ?? DEFAULT_RETENTION_DAYS;
      await data.businessConfigs.updateConfigFields(userId, { transcript_retention_days: days });
      if (days === previous) return c.json({ transcript_retention_days: days }, 200);
      const updated = await data.conversations.applyRetention(userId, days);
      // Recordings follow their transcripts (docs/decisions/184-call-recordings.md).
      await restampRecordings(deps, userId, days);
      return c.json({ transcript_retention_days: days, records_updated: updated }, 200);
    })
    .openapi(eraseRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const { phone } = c.req.valid('json');
      // The recordings first, at the provider: if it fails, nothing else is gone yet and the retry erases all.
      const recordings = await eraseCallerRecordings(deps, userId, phone).catch((error: unknown) => {
        if (!(error instanceof RecordingProviderError)) throw error;
        deps.logger.warn('recordings.erase_failed', { owner_id: userId, error: String(error) });
        throw new HttpError(502, 'provider_error', PRIVACY_TEXTS.eraseFailed);
      });
      const released = await releaseUpcomingHolds(deps, userId, phone);
      const erased = await data.callerErasure.erase(userId, phone);
      return c.json(
        { phone, erased: { ...erased, appointments: erased.appointments + released, recordings } },
        200,
      );
    });
};

/** How far ahead a caller's bookings can hold a time (the booking horizon, with room to spare). */
const HOLD_HORIZON_DAYS = 400;

/**
 * A caller's upcoming bookings go through the repository's release, which deletes each one together with the
 * time it held on its staff member's (and resource's) ledger: deleted as plain items, the time would stay
 * blocked. The erasure then deletes what is left (the past ones).
 */
async function releaseUpcomingHolds(deps: ConversationsDeps, ownerId: string, phone: string) {
  const from = deps.now();
  const to = new Date(from.getTime() + HOLD_HORIZON_DAYS * 86_400_000);
  const upcoming = await deps.data.appointments.matching(ownerId, from, to, {
    attribute: 'customer_phone',
    value: phone,
  });
  for (const appointment of upcoming) await deps.data.appointments.release(ownerId, appointment.id);
  return upcoming.length;
}
