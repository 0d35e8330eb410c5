import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { businessLineOf } from '@shared/answer-modes';
import { ANSWER_MODE_ERRORS } from '@shared/answer-mode-values';
import { businessClockOf } from '@shared/analytics';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { answerModeSettingsSchema } from '@shared/schemas/answer-mode';
import { businessConfigSchema } from '@shared/schemas/business-config';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { SetupDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError, notFound } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { withEffectiveModules } from './effective-modules';

/**
 * When the assistant answers (docs/decisions/173-answer-modes.md): always, ring me first (needs the business
 * phone to ring) or after hours only (needs the business phone and opening hours). A mode whose
 * prerequisite is missing is refused with a 409 naming what to add, rather than stored and silently ignored.
 */
export const answerModeRoutes = ({ verifyToken, data }: SetupDeps) => {
  const answerModeRoute = createRoute({
    method: 'put',
    path: '/oauth/users/{userId}/answer-mode',
    tags: ['assistant'],
    summary: 'Choose when the assistant answers (always, ring me first, after hours only) and the greetings',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: answerModeSettingsSchema } }, required: true },
    },
    responses: {
      200: jsonContent(businessConfigSchema, 'The updated config'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No business config for this owner'),
      409: jsonContent(apiErrorSchema, 'The mode needs a business phone or opening hours first'),
    },
  });

  return new OpenAPIHono<AppEnv>().openapi(answerModeRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const settings = c.req.valid('json');
    const config = await data.businessConfigs.getConfig(userId);
    if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
    if (settings.answer_mode !== 'always' && !businessLineOf(config)) {
      throw new HttpError(409, 'business_phone_required', ANSWER_MODE_ERRORS.businessPhoneRequired);
    }
    if (settings.answer_mode === 'after_hours' && !businessClockOf(config).hours) {
      throw new HttpError(409, 'opening_hours_required', ANSWER_MODE_ERRORS.openingHoursRequired);
    }
    const updated = await data.businessConfigs.updateConfigFields(userId, {
      answer_mode: settings.answer_mode,
      ring_seconds: settings.ring_seconds,
      greetings: settings.greetings,
    });
    if (!updated) throw notFound(SETUP_MESSAGES.configNotFound);
    // Answered as GET shows it, so the form keeps this answer instead of reading the config again.
    return c.json(await withEffectiveModules(data, userId, updated), 200);
  });
};
