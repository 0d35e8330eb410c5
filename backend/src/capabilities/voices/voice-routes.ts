import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  availableVoicesResponseSchema,
  voicePreviewRequestSchema,
  voicePreviewResponseSchema,
} from '@shared/schemas/voices';
import { stripVoiceText, VOICE_MESSAGES, VOICE_TEXT_MAX_LENGTH } from '@shared/voice-preview';
import type { VoicesDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth } from '../../platform/auth/middleware';
import { badRequest } from '../../platform/errors/http-error';
import { enforceUserQuota } from '../../platform/quotas/user-quotas';
import { bearerSecurity, errorResponses, jsonContent } from '../../platform/http/openapi-helpers';
import { speakForRoute } from './speak';

export const voiceRoutes = ({ verifyToken, providers, rateLimiter, logger }: VoicesDeps) => {
  const availableRoute = createRoute({
    method: 'get',
    path: '/api/voices/available',
    tags: ['voices'],
    summary: 'The voices the assistant can speak with, grouped by gender',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    responses: {
      200: jsonContent(
        availableVoicesResponseSchema,
        'Voices by gender (success false with an error text on failure)',
      ),
      ...errorResponses,
    },
  });

  const previewRoute = createRoute({
    method: 'post',
    path: '/api/voices/preview',
    tags: ['voices'],
    summary: 'Speak a short text in a voice; < > " \' & are stripped, 500 characters at most',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    request: {
      body: { content: { 'application/json': { schema: voicePreviewRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(voicePreviewResponseSchema, 'The clip as a data: URL'),
      ...errorResponses,
      429: jsonContent(apiErrorSchema, 'Speech quota for this user spent'),
      502: jsonContent(apiErrorSchema, 'The speech service failed'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(availableRoute, async (c) => {
      try {
        const grouped = await providers.speech.listVoices();
        const strip = (list: typeof grouped.male) =>
          list.map(({ provider, voice_id, display_name }) => ({ provider, voice_id, display_name }));
        return c.json(
          {
            success: true,
            voices: {
              male: strip(grouped.male),
              female: strip(grouped.female),
              neutral: strip(grouped.neutral),
            },
          },
          200,
        );
      } catch (error) {
        logger.error('Listing voices failed', { error: String(error) });
        return c.json(
          {
            success: false,
            voices: { male: [], female: [], neutral: [] },
            error: VOICE_MESSAGES.voicesFailed,
          },
          200,
        );
      }
    })
    .openapi(previewRoute, async (c) => {
      const body = c.req.valid('json');
      const text = stripVoiceText(body.text).trim();
      if (text.length > VOICE_TEXT_MAX_LENGTH) throw badRequest(VOICE_MESSAGES.textTooLong);
      if (!text) throw badRequest('text is required');
      await enforceUserQuota(rateLimiter, 'speech', c.get('user')!.sub, VOICE_MESSAGES.tooManyPreviews);
      const audio_url = await speakForRoute(
        providers.speech,
        {
          provider: body.provider,
          voice_id: body.voice_config.voice_id,
          provider_config: body.voice_config.provider_config,
          language: body.voice_config.language,
          text,
        },
        logger,
      );
      return c.json({ success: true, audio_url }, 200);
    });
};
