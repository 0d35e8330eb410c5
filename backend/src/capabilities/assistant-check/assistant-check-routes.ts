import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { resolveWeeklyHours } from '@shared/receptionist/opening-hours';
import { toE164Phone } from '@shared/phone/phone-number';
import { apiErrorSchema } from '@shared/schemas/api-error';
import { ASSISTANT_CHECK_TEXTS, assistantCheckResponseSchema } from '@shared/schemas/assistant-check';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { notFound, tooManyRequests } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { enforceUserQuota } from '../../platform/quotas/user-quotas';
import { ConversationLimitError } from '../receptionist/index';
import type { AssistantCheckDeps } from './deps';
import { generateChecks } from './generate-checks';
import { runAssistantChecks } from './run-checks';

/** Stands in for a caller's number when the business has no phone on file (as the test chat does). */
const TEST_CALLER = '+15555550100';

/**
 * POST /oauth/users/{userId}/assistant-check: ten conversations generated from the owner's configuration,
 * run against their assistant over channel 'test', each judged pass or fail (issue 35 §3). No body; limited
 * per owner per hour, because every run costs model calls.
 */
export const assistantCheckRoutes = (deps: AssistantCheckDeps) => {
  const route = createRoute({
    method: 'post',
    path: '/oauth/users/{userId}/assistant-check',
    tags: ['test-chat'],
    summary: "Runs ten generated test conversations against the owner's assistant",
    security: bearerSecurity,
    middleware: [requireAuth(deps.verifyToken), requireOwner()] as const,
    request: { params: userIdParams },
    responses: {
      200: jsonContent(
        assistantCheckResponseSchema,
        'Each conversation with its transcript and pass or fail',
      ),
      ...errorResponses,
      404: jsonContent(apiErrorSchema, 'No business config yet'),
      429: jsonContent(apiErrorSchema, 'Too many checks this hour'),
      503: jsonContent(apiErrorSchema, 'The assistant is not configured (names the missing key)'),
    },
  });

  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    const { userId } = c.req.valid('param');
    const refusal = deps.receptionist.refusal('test');
    if (refusal) throw refusal;
    const config = await deps.data.businessConfigs.getConfig(userId);
    if (!config) throw notFound('Business configuration not found. Please complete setup first.');
    await enforceUserQuota(deps.rateLimiter, 'assistantChecks', userId, ASSISTANT_CHECK_TEXTS.tooMany);
    const knowledge = await deps.data.knowledgeBase.list(userId);
    const hours = resolveWeeklyHours(config);
    const checks = generateChecks({
      weekdayText: config.business_hours?.weekday_text,
      ...(hours.stated ? { hours: hours.hours } : {}),
      description: config.business_description,
      address: config.address,
      managerName: config.manager_name,
      knowledge,
    });
    const caller = toE164Phone(config.phone_number, 'possible') ?? TEST_CALLER;
    const results = await runAssistantChecks(deps.receptionist, { ownerId: userId, caller, checks }).catch(
      (error: unknown) => {
        if (error instanceof ConversationLimitError)
          throw tooManyRequests('You have started too many conversations today. Please try again tomorrow.');
        throw error;
      },
    );
    const passed = results.filter((r) => r.passed).length;
    return c.json({ results, passed, total: results.length }, 200);
  });
};
