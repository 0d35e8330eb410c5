import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { findTemplate } from '@shared/objective-templates';
import { DEFAULT_PRIMARY_WEIGHT } from '@shared/objective-hierarchy';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  GENERATION_MESSAGES,
  generatedDescriptionResponseSchema,
  objectiveGenerateRequestSchema,
  objectiveGenerateResponseSchema,
} from '@shared/schemas/generation';
import { personalityResponseRequestSchema, personalityResponseResponseSchema } from '@shared/schemas/voices';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import { stripVoiceText, VOICE_MESSAGES } from '@shared/voice-preview';
import type { SetupDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError, notFound } from '../../platform/errors/http-error';
import type { Logger } from '../../platform/logging/logger';
import { LlmError } from '../../providers/llm/port';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { clipForSpeech, speakForRoute } from '../voices/index';
import { businessFactsOf, storedTraits } from './business-facts-from-config';
import { enforceUserQuota } from '../../platform/quotas/user-quotas';

/** A model failure becomes a 502 with the screen's own text; the upstream reason goes to the log only. */
async function generate<T>(logger: Logger, failureMessage: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    logger.error('Text generation failed', { error: error.message, status: error.status });
    throw new HttpError(502, 'provider_error', failureMessage);
  }
}

export const generationRoutes = ({ verifyToken, data, providers, rateLimiter, logger }: SetupDeps) => {
  const generationFailures = {
    ...errorResponses,
    404: jsonContent(apiErrorSchema, 'No business config yet'),
    429: jsonContent(apiErrorSchema, 'AI generation quota for this user spent'),
    502: jsonContent(apiErrorSchema, 'The AI service failed'),
  };
  const quota = (userId: string) =>
    enforceUserQuota(rateLimiter, 'aiGeneration', userId, GENERATION_MESSAGES.quotaExceeded);

  const describeRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/generate-description',
    tags: ['generation'],
    summary: 'Write a business description from the stored config (not saved; the owner edits, then saves)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: {
      200: jsonContent(generatedDescriptionResponseSchema, 'The generated description'),
      ...generationFailures,
    },
  });

  const personalityRoute = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/personality-response',
    tags: ['generation'],
    summary: 'What the assistant would say in a scenario with the stored personality, optionally spoken',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: personalityResponseRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(
        personalityResponseResponseSchema,
        'The response text, and audio when a voice was given',
      ),
      ...generationFailures,
    },
  });

  const objectiveRoute = createRoute({
    method: 'post',
    path: '/oauth/objective-templates/generate',
    tags: ['generation'],
    summary: 'An objective written from a template for the given business (not saved)',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken)] as const,
    request: {
      body: { content: { 'application/json': { schema: objectiveGenerateRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(objectiveGenerateResponseSchema, 'The generated objective'),
      ...generationFailures,
      404: jsonContent(apiErrorSchema, 'Unknown template'),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(describeRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const config = await data.businessConfigs.getConfig(userId);
      if (!config) throw notFound(SETUP_MESSAGES.configNotFoundCreateFirst);
      await quota(userId);
      const facts = businessFactsOf(config, c.get('user')!.claims['custom:business_type']);
      // The current description is what we are replacing, not a fact to paraphrase.
      facts.business_description = undefined;
      const generated_description = await generate(logger, GENERATION_MESSAGES.descriptionFailed, () =>
        providers.llm.generateDescription(facts),
      );
      return c.json({ generated_description }, 200);
    })
    .openapi(personalityRoute, async (c) => {
      const { userId } = c.req.valid('param');
      const { scenario, voice_config } = c.req.valid('json');
      const config = await data.businessConfigs.getConfig(userId);
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      await quota(userId);
      const response = await generate(logger, VOICE_MESSAGES.previewFailed, () =>
        providers.llm.personalityResponse({
          scenario,
          traits: storedTraits(config),
          business: businessFactsOf(config, c.get('user')!.claims['custom:business_type']),
        }),
      );
      if (!voice_config) return c.json({ response }, 200);
      const audio_url = await speakForRoute(
        providers.speech,
        {
          provider: voice_config.provider ?? providers.speech.name,
          voice_id: voice_config.voice_id,
          provider_config: voice_config.provider_config,
          text: clipForSpeech(stripVoiceText(response)),
        },
        logger,
      );
      return c.json({ response, audio_url }, 200);
    })
    .openapi(objectiveRoute, async (c) => {
      const { template_id, business_config } = c.req.valid('json');
      const template = findTemplate(template_id);
      if (!template) throw notFound(GENERATION_MESSAGES.templateNotFound);
      await quota(c.get('user')!.sub);
      const fields = await generate(logger, 'Failed to generate objective', () =>
        providers.llm.generateObjective({
          template,
          config: businessFactsOf(business_config, c.get('user')!.claims['custom:business_type']),
        }),
      );
      return c.json(
        {
          objective: {
            id: `obj_${randomUUID()}`,
            ...fields,
            priority: 'primary' as const,
            weight: DEFAULT_PRIMARY_WEIGHT,
            conditions: [],
            template_id: template.id,
          },
        },
        200,
      );
    });
};
