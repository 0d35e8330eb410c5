import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { businessConfigSchema, selectedVoiceSchema } from '@shared/schemas/business-config';
import { personalityRequestSchema } from '@shared/schemas/business-info';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { SetupDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { notFound } from '../../platform/errors/http-error';
import { mergedTraitFields } from './trait-fields';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { withEffectiveModules } from './effective-modules';

const notFoundResponse = { 404: jsonContent(apiErrorSchema, 'No business config for this owner') };
const voiceSettingsRequestSchema = z.object({ selected_voice: selectedVoiceSchema });

/** Step 3: the assistant's personality and voice, each saved as soon as the owner changes it. */
export const assistantSettingsRoutes = ({ verifyToken, data }: SetupDeps) => {
  const auth = requireAuth(verifyToken);
  const configs = data.businessConfigs;

  const personalityRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/personality',
    tags: ['assistant'],
    summary: 'Save personality traits (each value one of its options; unset ones keep or default)',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: personalityRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(businessConfigSchema, 'The updated config'),
      ...errorResponses,
      ...notFoundResponse,
    },
  });

  const voiceSettingsRoute = createRoute({
    method: 'put',
    path: '/oauth/users/{userId}/voice-settings',
    tags: ['assistant'],
    summary: 'Save the selected voice (also voice_settings.voice_id)',
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: voiceSettingsRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(businessConfigSchema, 'The updated config'),
      ...errorResponses,
      ...notFoundResponse,
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(personalityRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const current = await configs.getConfig(userId);
      if (!current) throw notFound(SETUP_MESSAGES.configNotFound);
      const config = await configs.updateConfigFields(
        userId,
        mergedTraitFields(current, c.req.valid('json').personality_traits),
      );
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      // Answered as GET shows it, so the wizard keeps this answer instead of reading the config again.
      return c.json(await withEffectiveModules(data, userId, config), 200);
    })
    .openapi(voiceSettingsRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const { selected_voice } = c.req.valid('json');
      const current = await configs.getConfig(userId);
      if (!current) throw notFound(SETUP_MESSAGES.configNotFound);
      const config = await configs.updateConfigFields(userId, {
        selected_voice,
        voice_settings: {
          ...current.voice_settings,
          voice_id: selected_voice.voice_id,
          provider: selected_voice.provider,
          ...(selected_voice.provider_config ? { provider_config: selected_voice.provider_config } : {}),
        },
      });
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      // Answered as GET shows it, so the wizard keeps this answer instead of reading the config again.
      return c.json(await withEffectiveModules(data, userId, config), 200);
    });
};
