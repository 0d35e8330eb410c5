import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { AUTOMATIONS_TEXTS, HOOKS_PER_OWNER, type ApiKeyScope } from '@shared/automations';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  appointmentPollQuerySchema,
  createdHookSchema,
  deletedHookSchema,
  envelopeListSchema,
  hookEventParamsSchema,
  hookParamsSchema,
  pollQuerySchema,
  subscribeHookRequestSchema,
} from '@shared/schemas/automations';
import type { AppEnv } from '../../platform/http/app-env';
import { HttpError, notFound, unauthorized } from '../../platform/errors/http-error';
import { jsonContent } from '../../platform/http/openapi-helpers';
import { requireApiKey, type ApiKeyVariables } from './api-key-auth';
import type { AutomationsDeps } from './deps';
import { hookTargetProblem } from './hook-target-url';
import { urlPolicyOf } from '../webhooks/index';
import { sealHookSecret } from './hook-secrets';
import { newHookId, newSigningSecret } from './key-material';
import {
  appointmentEnvelope,
  appointmentEventTime,
  conversationEnvelope,
  sampleEnvelopes,
} from './poll-envelopes';

/** Either way of presenting an API key, as the OpenAPI document declares them. */
export const apiKeySecurity: Array<Record<string, string[]>> = [{ apiKeyBearer: [] }, { apiKeyHeader: [] }];

/** Appointments the polling list looks through: those starting from a month ago to a year ahead. */
const POLL_APPOINTMENTS_FROM_MS = 31 * 86_400_000;
const POLL_APPOINTMENTS_TO_MS = 366 * 86_400_000;
/** Bookings are capped per owner and day, so this many covers the window's recent changes. */
const POLL_APPOINTMENTS_READ_MAX = 2_000;

const apiKeyErrors = (needs: ApiKeyScope) => ({
  400: jsonContent(apiErrorSchema, 'Invalid input'),
  401: jsonContent(apiErrorSchema, 'No API key, or an unknown or revoked one'),
  403: jsonContent(apiErrorSchema, `The key lacks the "${needs}" scope`),
  429: jsonContent(apiErrorSchema, 'Too many requests with this key (120 a minute)'),
  500: jsonContent(apiErrorSchema, 'Unexpected failure'),
});

/**
 * The public automations API (docs/decisions/179, docs/integrations.md): REST-hook subscriptions in the
 * pattern Zapier uses (subscribe, unsubscribe, samples) and the polling lists, all authenticated by an API
 * key whose owner is the only tenant they touch.
 */
export const hookRoutes = (deps: AutomationsDeps) => {
  const { data } = deps;
  const read = requireApiKey(deps, 'read');
  const subscribe = requireApiKey(deps, 'subscribe');
  const urlPolicy = urlPolicyOf(deps.config);

  const subscribeRoute = createRoute({
    method: 'post',
    path: '/api/hooks',
    tags: ['automations'],
    summary:
      'Subscribe a target URL to an event (REST hook). The answer holds the signing secret, shown this once',
    security: apiKeySecurity,
    middleware: [subscribe] as const,
    request: {
      body: { content: { 'application/json': { schema: subscribeHookRequestSchema } }, required: true },
    },
    responses: {
      201: jsonContent(createdHookSchema, 'Subscribed; deliveries are signed with `secret`'),
      ...apiKeyErrors('subscribe'),
      409: jsonContent(apiErrorSchema, 'The business already has the most hook subscriptions allowed'),
      503: jsonContent(apiErrorSchema, 'Signing secrets cannot be stored (no encryption key configured)'),
    },
  });
  const unsubscribeRoute = createRoute({
    method: 'delete',
    path: '/api/hooks/{id}',
    tags: ['automations'],
    summary: 'Unsubscribe a hook (only one of the key owner’s own)',
    security: apiKeySecurity,
    middleware: [subscribe] as const,
    request: { params: hookParamsSchema },
    responses: {
      200: jsonContent(deletedHookSchema, 'Unsubscribed'),
      ...apiKeyErrors('subscribe'),
      404: jsonContent(apiErrorSchema, 'No such hook for this business'),
    },
  });
  const samplesRoute = createRoute({
    method: 'get',
    path: '/api/hooks/samples/{event}',
    tags: ['automations'],
    summary: 'A sample delivery of the event, as a list (Zapier’s performList)',
    security: apiKeySecurity,
    middleware: [read] as const,
    request: { params: hookEventParamsSchema },
    responses: { 200: jsonContent(envelopeListSchema, 'One sample envelope'), ...apiKeyErrors('read') },
  });
  const pollConversationsRoute = createRoute({
    method: 'get',
    path: '/api/hooks/poll/conversations',
    tags: ['automations'],
    summary:
      'Polling fallback: the latest finished conversations, newest first, as conversation.completed envelopes',
    security: apiKeySecurity,
    middleware: [read] as const,
    request: { query: pollQuerySchema },
    responses: { 200: jsonContent(envelopeListSchema, 'Newest first'), ...apiKeyErrors('read') },
  });
  const pollAppointmentsRoute = createRoute({
    method: 'get',
    path: '/api/hooks/poll/appointments',
    tags: ['automations'],
    summary:
      'Polling fallback: the latest booked or cancelled appointments, newest change first, as appointment.* envelopes',
    security: apiKeySecurity,
    middleware: [read] as const,
    request: { query: appointmentPollQuerySchema },
    responses: { 200: jsonContent(envelopeListSchema, 'Newest change first'), ...apiKeyErrors('read') },
  });

  const app = new OpenAPIHono<AppEnv & { Variables: Partial<ApiKeyVariables> }>();
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKeyBearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'rk_live_…',
    description: 'An API key from the dashboard (Integrations → API keys)',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKeyHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'The same API key, for tools that cannot send a bearer token',
  });

  return app
    .openapi(subscribeRoute, async (c) => {
      const { ownerId, keyId } = c.get('apiKey');
      const { target_url: targetUrl, event } = c.req.valid('json');
      const problem = hookTargetProblem(targetUrl, urlPolicy);
      if (problem)
        throw new HttpError(400, 'invalid_target_url', problem, [{ path: 'target_url', message: problem }]);
      const hookId = newHookId();
      const secret = newSigningSecret();
      let sealed: string;
      try {
        sealed = sealHookSecret(deps, ownerId, hookId, secret);
      } catch {
        throw new HttpError(503, 'not_configured', AUTOMATIONS_TEXTS.signingUnavailable);
      }
      const outcome = await data.hooks.subscribe(ownerId, {
        hook_id: hookId,
        event,
        target_url: targetUrl,
        secret_enc: sealed,
        key_id: keyId,
      });
      // Revoked while this request was on its way: the key is as good as unknown.
      if (outcome.kind === 'key_revoked') throw unauthorized(AUTOMATIONS_TEXTS.invalidKey);
      if (outcome.kind === 'limit_reached')
        throw new HttpError(409, 'limit_reached', AUTOMATIONS_TEXTS.hookLimitReached(HOOKS_PER_OWNER));
      // The URL stays out of the log: it is often a secret capability URL itself (Zapier's are).
      deps.logger.info('automations.hook_subscribed', { hookId, event, keyId });
      const { hook } = outcome;
      return c.json(
        {
          id: hook.hook_id,
          event: hook.event,
          target_url: hook.target_url,
          created_at: hook.created_at,
          secret,
        },
        201,
      );
    })
    .openapi(unsubscribeRoute, async (c) => {
      const { ownerId, keyId } = c.get('apiKey');
      const { id } = c.req.valid('param');
      if (!(await data.hooks.unsubscribe(ownerId, id))) throw notFound(AUTOMATIONS_TEXTS.hookNotFound);
      deps.logger.info('automations.hook_unsubscribed', { hookId: id, keyId });
      return c.json({ id, deleted: true as const }, 200);
    })
    .openapi(samplesRoute, async (c) => {
      const config = await data.businessConfigs.getConfig(c.get('apiKey').ownerId);
      return c.json(sampleEnvelopes(c.req.valid('param').event, config?.business_id ?? 'biz_sample'), 200);
    })
    .openapi(pollConversationsRoute, async (c) => {
      const { ownerId } = c.get('apiKey');
      const { limit } = c.req.valid('query');
      const config = await data.businessConfigs.getConfig(ownerId);
      if (!config) return c.json([], 200);
      const conversations = await data.conversations.latestFinished(ownerId, limit);
      return c.json(
        conversations.map((conversation) => conversationEnvelope(conversation, config.business_id)),
        200,
      );
    })
    .openapi(pollAppointmentsRoute, async (c) => {
      const { ownerId } = c.get('apiKey');
      const { limit, event } = c.req.valid('query');
      const config = await data.businessConfigs.getConfig(ownerId);
      if (!config) return c.json([], 200);
      const at = deps.now().getTime();
      const appointments = await data.appointments.listBetween(
        ownerId,
        new Date(at - POLL_APPOINTMENTS_FROM_MS),
        new Date(at + POLL_APPOINTMENTS_TO_MS),
        POLL_APPOINTMENTS_READ_MAX,
      );
      const envelopes = appointments
        .sort((a, b) => appointmentEventTime(b).localeCompare(appointmentEventTime(a)))
        .flatMap((appointment) => appointmentEnvelope(appointment, config.business_id) ?? [])
        .filter((envelope) => !event || envelope.type === event);
      return c.json(envelopes.slice(0, limit), 200);
    });
};
