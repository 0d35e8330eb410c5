import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { behaviorSettingsSchema } from '@shared/schemas/behavior-settings';
import { businessConfigSchema } from '@shared/schemas/business-config';
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
import { answerModeRoutes } from './answer-mode-routes';
import { languageRoutes } from './language-routes';

/**
 * Step 5: escalation and caller memory (spec §3 "Behavior settings", §5 manager phone), and when the assistant
 * answers (answer-mode-routes.ts).
 */
export const behaviorRoutes = (deps: SetupDeps) => {
  const { verifyToken, data } = deps;
  const behaviorSettingsRoute = createRoute({
    method: 'put',
    path: '/oauth/users/{userId}/behavior-settings',
    tags: ['assistant'],
    summary: 'Save behavior settings: manager number +1 and 10 digits or empty, trimmed name and e-mail',
    security: bearerSecurity,
    middleware: [requireAuth(verifyToken), requireOwner()] as const,
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: behaviorSettingsSchema } }, required: true },
    },
    responses: {
      200: jsonContent(businessConfigSchema, 'The updated config'),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No business config for this owner'),
    },
  });

  const app = new OpenAPIHono<AppEnv>().openapi(behaviorSettingsRoute, async (c) => {
    const { userId } = c.req.valid('param');
    const settings = c.req.valid('json');
    const config = await data.businessConfigs.updateConfigFields(userId, settings);
    if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
    // Off means forgotten, not only unread: the owner who switches memory off expects no record kept.
    if (!settings.remember_past_callers) await data.callerMemories.forgetAll(userId);
    // Answered as GET shows it, so the wizard keeps this answer instead of reading the config again.
    return c.json(await withEffectiveModules(data, userId, config), 200);
  });
  app.route('/', answerModeRoutes(deps));
  app.route('/', languageRoutes(deps));
  return app;
};
