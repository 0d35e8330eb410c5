import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import type { BusinessConfig } from '@shared/schemas/business-config';
import { markStepRequestSchema, setupStatusSchema, type SetupStatus } from '@shared/schemas/setup-status';
import { parseSetupStep } from '@shared/setup-step-names';
import { setupProgress, TOTAL_SETUP_STEPS } from '@shared/setup-steps';
import { SETUP_MESSAGES } from '@shared/setup-messages';
import type { SetupDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { badRequest, notFound } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';

/** Progress by the spec §4 step rules plus what the wizard reported through mark-step-complete. */
export function setupStatusOf(config: BusinessConfig | undefined): SetupStatus {
  const progress = setupProgress(config);
  return {
    has_config: config !== undefined,
    ...(config ? { business_id: config.business_id } : {}),
    completed_steps: progress.completedSteps,
    current_step: progress.currentStep,
    setup_complete: progress.setupComplete,
    marked_steps: config?.marked_steps ?? [],
    setup_completed: config?.setup_completed === true,
  };
}

const notFoundResponse = { 404: jsonContent(apiErrorSchema, 'No business config for this owner') };

/** Setup progress and step reports (spec §4 "Setup step completion"). */
export const setupStatusRoutes = ({ verifyToken, data }: SetupDeps) => {
  const auth = requireAuth(verifyToken);
  const configs = data.businessConfigs;

  const userStatusRoute = createRoute({
    method: 'get',
    path: '/oauth/users/{userId}/status',
    tags: ['setup'],
    summary: "The owner's setup progress (a missing config starts at step 1)",
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as const,
    request: { params: userIdParams },
    responses: { 200: jsonContent(setupStatusSchema, 'Setup progress'), ...errorResponses },
  });

  const phoneStatusRoute = createRoute({
    method: 'get',
    path: '/oauth/config/status/{phone}',
    tags: ['setup'],
    summary: "Setup progress of the owner's config whose business phone is this number",
    security: bearerSecurity,
    middleware: [auth] as const,
    request: { params: z.object({ phone: z.string().min(1).max(25) }) },
    responses: {
      200: jsonContent(setupStatusSchema, 'Setup progress'),
      ...errorResponses,
      ...notFoundResponse,
    },
  });

  const markStepRoute = createRoute({
    method: 'post',
    path: '/oauth/config/mark-step-complete/{id}',
    tags: ['setup'],
    summary: 'Record a completed step (number 1-7 or name); step 7 or "complete" marks setup completed',
    security: bearerSecurity,
    middleware: [auth] as const,
    request: {
      params: z.object({ id: z.string().min(1).max(100) }),
      body: { content: { 'application/json': { schema: markStepRequestSchema } }, required: true },
    },
    responses: {
      200: jsonContent(setupStatusSchema, 'Setup progress'),
      ...errorResponses,
      ...notFoundResponse,
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(userStatusRoute, async (c) =>
      c.json(setupStatusOf(await configs.getConfig(c.req.valid('param').userId)), 200),
    )
    .openapi(phoneStatusRoute, async (c) => {
      const config = await configs.findOwnConfigByPhone(c.get('user')!.sub, c.req.valid('param').phone);
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      return c.json(setupStatusOf(config), 200);
    })
    .openapi(markStepRoute, async (c) => {
      const step = parseSetupStep(c.req.valid('json').step);
      if (step === undefined) {
        throw badRequest('Invalid request: step: Unknown setup step', [
          { path: 'step', message: 'Unknown setup step' },
        ]);
      }
      const userId = c.get('user')!.sub;
      const found = await configs.findConfigByBusinessId(c.req.valid('param').id);
      if (!found || found.userId !== userId) throw notFound(SETUP_MESSAGES.configNotFound);
      const config = await configs.markStep(userId, step, step === TOTAL_SETUP_STEPS);
      if (!config) throw notFound(SETUP_MESSAGES.configNotFound);
      return c.json(setupStatusOf(config), 200);
    });
};
