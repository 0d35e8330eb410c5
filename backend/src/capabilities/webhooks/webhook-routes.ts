import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shared/schemas/api-error';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointDeletedSchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
  webhookTestSendSchema,
  type WebhookDelivery,
} from '@shared/schemas/webhook-endpoints';
import { WEBHOOK_LIMITS, WEBHOOK_LOG_PAGE, WEBHOOK_TEXTS } from '@shared/webhooks';
import type { PlatformDeps } from '../../platform/deps';
import type { AppEnv } from '../../platform/http/app-env';
import { requireAuth, requireOwner } from '../../platform/auth/middleware';
import { HttpError, notFound, tooManyRequests } from '../../platform/errors/http-error';
import {
  bearerSecurity,
  errorResponses,
  jsonContent,
  userIdParams,
} from '../../platform/http/openapi-helpers';
import { EndpointRefusal, type WebhookEndpoints } from './endpoints';
import { documentWebhooks } from './openapi-webhooks';
import type { StoredDelivery } from './records/index';
import type { WebhookSender } from './sender';

export type WebhookRoutesDeps = Pick<PlatformDeps, 'verifyToken' | 'rateLimiter'> & {
  webhooks: { endpoints: WebhookEndpoints; sender: WebhookSender };
};

const endpointParams = userIdParams.extend({ endpointId: z.string().min(1).max(64) });
const deliveryParams = endpointParams.extend({ deliveryId: z.string().min(1).max(64) });
const moreErrors = {
  404: jsonContent(apiErrorSchema, 'No such endpoint or delivery'),
  409: jsonContent(apiErrorSchema, 'The endpoint limit is reached'),
  429: jsonContent(apiErrorSchema, 'Too many test sends, replays or deliveries today'),
  503: jsonContent(apiErrorSchema, 'Signing secrets cannot be stored on this server'),
};

const refusalToHttp = (error: unknown): never => {
  if (error instanceof EndpointRefusal) {
    if (error.kind === 'invalid') throw new HttpError(400, 'invalid_endpoint', error.message);
    if (error.kind === 'limit') throw new HttpError(409, 'endpoint_limit', error.message);
    throw new HttpError(503, 'webhooks_unavailable', error.message);
  }
  throw error;
};

/** A stored delivery as the log shows it. */
const deliveryView = (stored: StoredDelivery): WebhookDelivery => ({
  id: stored.id,
  event_id: stored.event_id,
  event_type: stored.event_type,
  status: stored.status,
  attempts: stored.attempts,
  response_code: stored.response_code,
  latency_ms: stored.latency_ms,
  response_excerpt: stored.response_excerpt,
  error: stored.error,
  next_attempt_at: stored.status === 'pending' ? stored.next_attempt_at : null,
  created_at: stored.created_at,
  replay_of: stored.replay_of,
  test: stored.test,
  attempt_log: stored.attempt_log,
});

/**
 * The owner's webhook endpoints (docs/decisions/178-outbound-webhooks.md): list, add (the secret is in the
 * answer once), change, delete, rotate the secret, send a test event, read the delivery log and replay a
 * delivery. Test sends and replays are limited per hour; every delivery counts against the owner's day.
 */
export const webhookRoutes = (deps: WebhookRoutesDeps) => {
  const { endpoints, sender } = deps.webhooks;
  const auth = requireAuth(deps.verifyToken);
  const base = '/oauth/users/{userId}/webhooks';
  const common = {
    tags: ['webhooks'],
    security: bearerSecurity,
    middleware: [auth, requireOwner()] as [typeof auth, ReturnType<typeof requireOwner>],
  };
  const found = async (userId: string, endpointId: string) => {
    const stored = await endpoints.get(userId, endpointId);
    if (!stored) throw notFound(WEBHOOK_TEXTS.endpointNotFound);
    return stored;
  };
  const manualSendAllowed = async (userId: string) => {
    if (!(await deps.rateLimiter.hit(`webhook-manual#${userId}`, WEBHOOK_LIMITS.manualSendsPerHour, 3_600)))
      throw tooManyRequests(WEBHOOK_TEXTS.tooManyManualSends, deps.rateLimiter.secondsLeft(3_600));
  };
  const sent = (result: StoredDelivery | 'limit' | 'gone') => {
    if (result === 'limit')
      throw tooManyRequests(`The daily limit of ${WEBHOOK_LIMITS.deliveriesPerDay} deliveries is reached.`);
    if (result === 'gone') throw notFound('That event is no longer kept.');
    return deliveryView(result);
  };

  const list = createRoute({
    ...common,
    method: 'get',
    path: base,
    summary: 'The owner’s webhook endpoints',
    request: { params: userIdParams },
    responses: { 200: jsonContent(webhookEndpointListSchema, 'The endpoints'), ...errorResponses },
  });
  const create = createRoute({
    ...common,
    method: 'post',
    path: base,
    summary: 'Add a webhook endpoint (its signing secret is in this answer only)',
    request: {
      params: userIdParams,
      body: { content: { 'application/json': { schema: webhookEndpointCreateSchema } }, required: true },
    },
    responses: {
      201: jsonContent(webhookEndpointWithSecretSchema, 'Added'),
      ...errorResponses,
      409: moreErrors[409],
      503: moreErrors[503],
    },
  });
  const update = createRoute({
    ...common,
    method: 'patch',
    path: `${base}/{endpointId}`,
    summary: 'Change an endpoint’s URL, events, description or whether it is on',
    request: {
      params: endpointParams,
      body: { content: { 'application/json': { schema: webhookEndpointUpdateSchema } }, required: true },
    },
    responses: {
      200: jsonContent(webhookEndpointSchema, 'Changed'),
      ...errorResponses,
      404: moreErrors[404],
    },
  });
  const remove = createRoute({
    ...common,
    method: 'delete',
    path: `${base}/{endpointId}`,
    summary: 'Delete an endpoint',
    request: { params: endpointParams },
    responses: {
      200: jsonContent(webhookEndpointDeletedSchema, 'Deleted'),
      ...errorResponses,
      404: moreErrors[404],
    },
  });
  const rotate = createRoute({
    ...common,
    method: 'post',
    path: `${base}/{endpointId}/rotate-secret`,
    summary: 'Rotate the signing secret (the previous one keeps signing during the overlap)',
    request: { params: endpointParams },
    responses: {
      200: jsonContent(webhookEndpointWithSecretSchema, 'Rotated'),
      ...errorResponses,
      404: moreErrors[404],
      503: moreErrors[503],
    },
  });
  const test = createRoute({
    ...common,
    method: 'post',
    path: `${base}/{endpointId}/test`,
    summary: 'Send a sample event to the endpoint now',
    request: {
      params: endpointParams,
      body: { content: { 'application/json': { schema: webhookTestSendSchema } }, required: false },
    },
    responses: {
      202: jsonContent(webhookDeliverySchema, 'Queued'),
      ...errorResponses,
      404: moreErrors[404],
      429: moreErrors[429],
    },
  });
  const deliveries = createRoute({
    ...common,
    method: 'get',
    path: `${base}/{endpointId}/deliveries`,
    summary: 'The endpoint’s latest deliveries, newest first',
    request: { params: endpointParams },
    responses: {
      200: jsonContent(webhookDeliveryListSchema, 'The delivery log'),
      ...errorResponses,
      404: moreErrors[404],
    },
  });
  const replay = createRoute({
    ...common,
    method: 'post',
    path: `${base}/{endpointId}/deliveries/{deliveryId}/replay`,
    summary: 'Deliver the same event again (same webhook-id) as a new delivery',
    request: { params: deliveryParams },
    responses: {
      202: jsonContent(webhookDeliverySchema, 'Queued'),
      ...errorResponses,
      404: moreErrors[404],
      429: moreErrors[429],
    },
  });

  return documentWebhooks(new OpenAPIHono<AppEnv>())
    .openapi(list, async (c) => {
      const { userId } = c.req.valid('param');
      return c.json(
        { endpoints: await endpoints.list(userId), limit: WEBHOOK_LIMITS.endpointsPerOwner },
        200,
      );
    })
    .openapi(create, async (c) => {
      const { userId } = c.req.valid('param');
      const body = c.req.valid('json');
      const created = await endpoints.create(userId, body).catch(refusalToHttp);
      return c.json(created, 201);
    })
    .openapi(update, async (c) => {
      const { userId, endpointId } = c.req.valid('param');
      const changed = await endpoints.update(userId, endpointId, c.req.valid('json')).catch(refusalToHttp);
      if (!changed) throw notFound(WEBHOOK_TEXTS.endpointNotFound);
      return c.json(changed, 200);
    })
    .openapi(remove, async (c) => {
      const { userId, endpointId } = c.req.valid('param');
      if (!(await endpoints.remove(userId, endpointId))) throw notFound(WEBHOOK_TEXTS.endpointNotFound);
      return c.json({ deleted: true as const }, 200);
    })
    .openapi(rotate, async (c) => {
      const { userId, endpointId } = c.req.valid('param');
      const rotated = await endpoints.rotate(userId, endpointId).catch(refusalToHttp);
      if (!rotated) throw notFound(WEBHOOK_TEXTS.endpointNotFound);
      return c.json(rotated, 200);
    })
    .openapi(test, async (c) => {
      const { userId, endpointId } = c.req.valid('param');
      const body = (await c.req.json().catch(() => ({}))) as unknown;
      const parsed = webhookTestSendSchema.safeParse(body ?? {});
      if (!parsed.success) throw new HttpError(400, 'bad_request', 'event must be one of the webhook events');
      const stored = await found(userId, endpointId);
      await manualSendAllowed(userId);
      const event = parsed.data.event ?? stored.events[0]!;
      const result = await sender.sendNow(userId, endpoints.targetOf(stored), { test: event });
      return c.json(sent(result), 202);
    })
    .openapi(deliveries, async (c) => {
      const { userId, endpointId } = c.req.valid('param');
      await found(userId, endpointId);
      const log = await sender.deliveries(userId, endpointId, WEBHOOK_LOG_PAGE);
      return c.json({ deliveries: log.map(deliveryView) }, 200);
    })
    .openapi(replay, async (c) => {
      const { userId, endpointId, deliveryId } = c.req.valid('param');
      const stored = await found(userId, endpointId);
      const original = await sender.delivery(userId, endpointId, deliveryId);
      if (!original) throw notFound(WEBHOOK_TEXTS.deliveryNotFound);
      await manualSendAllowed(userId);
      const result = await sender.sendNow(userId, endpoints.targetOf(stored), { replay: original });
      return c.json(sent(result), 202);
    });
};
