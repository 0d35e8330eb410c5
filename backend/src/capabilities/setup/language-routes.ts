import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { businessConfigSchema } from '@shared/schemas/business-config';
import { languageSettingsSchema } from '@shared/schemas/language-settings';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { SetupDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { notFound } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { withEffectiveModules } from './effective-modules';

/**
 * The assistant's languages (docs/decisions/174-spanish.md): English, or English and Spanish, with the
 * Spanish voice, the Spanish greeting and whether the opening greeting offers Spanish. Saved together;
 * switching Spanish off keeps the Spanish voice and greeting for the next time it is switched on.
 */
export const languageRoutes = ({ verifyToken, data }: SetupDeps) => {
  const languagesRoute = createRoute({
    method: 'put',
    path: '/oauth/users/{userId}/languages',
    tags: ['assistant'],
    summary: 'Choose the languages the assistant answers in, the Spanish voice and greeting',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: languageSettingsSchema } }, required: true },
    },
    responses: {
      200: jsonContent(businessConfigSchema, 'The updated config'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No business config for this owner'),
    },
  });

  return new OpenAPIHono<AppEnv>().openapi(languagesRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const settings = c.req.valid('json');
    const updated = await data.businessConfigs.updateConfigFields(userId, {
      languages: settings.languages,
      bilingual_greeting: settings.bilingual_greeting,
      greeting_es: settings.greeting_es,
      ...(settings.selected_voice_es ? { selected_voice_es: settings.selected_voice_es } : {}),
    });
    if (!updated) throw notFound(SETUP_MESSAGES.configNotFound);
    return c.json(await withEffectiveModules(data, userId, updated), 200);
  });
};
