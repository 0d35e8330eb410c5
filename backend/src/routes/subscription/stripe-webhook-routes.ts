import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../../app-types';
import { badRequest, HttpError } from '../../errors/http-error';
import { verifyWebhookEvent } from '../../providers/payments/webhook-signature';
import { errorResponses, jsonContent } from '../openapi-helpers';
import { handlePaymentEvent } from './stripe-webhook-handler';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

const route = createRoute({
  method: 'post',
  path: STRIPE_WEBHOOK_PATH,
  tags: ['webhooks'],
  summary: "Stripe's events, verified by the Stripe-Signature header over the raw body",
  request: {
    body: { content: { 'application/json': { schema: z.object({}).passthrough() } }, required: true },
  },
  responses: {
    200: jsonContent(z.object({ received: z.literal(true), duplicate: z.boolean() }), 'Accepted'),
    400: errorResponses[400],
    500: errorResponses[500],
  },
});

/**
 * The signature is checked over the exact bytes received, before anything is parsed or stored. Each event
 * id is claimed once, so a repeated delivery has one effect; a failed handling releases the claim so
 * Stripe's retry is handled again.
 */
export const stripeWebhookRoutes = (deps: AppDeps) => {
  const app = new OpenAPIHono<AppEnv>();
  // Documented, but not validated by zod: the signature must be checked over the untouched raw body.
  app.openAPIRegistry.registerPath(route);
  return app.post(STRIPE_WEBHOOK_PATH, async (c) => {
    const secret = deps.config.stripe.webhookSecret;
    if (!secret) throw new HttpError(500, 'not_configured', 'Webhook signing secret is not configured');
    const rawBody = await c.req.text();
    let event;
    try {
      event = verifyWebhookEvent(rawBody, c.req.header('stripe-signature'), secret, deps.now());
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    if (!(await deps.data.subscriptions.claimWebhookEvent('stripe', event.id, event.type))) {
      return c.json({ received: true as const, duplicate: true }, 200);
    }
    try {
      await handlePaymentEvent(event, {
        subscriptions: deps.data.subscriptions,
        payments: deps.providers.payments,
        logger: deps.logger,
        onTrialCompleted: deps.onTrialCompleted ?? (async () => undefined),
        onDepositPaid: (sessionId) => deps.receptionist.depositPaid(sessionId),
        isAccountDeleted: async (userId) => (await deps.data.accountDeletions.state(userId)) !== undefined,
      });
    } catch (error) {
      await deps.data.subscriptions.releaseWebhookEvent('stripe', event.id);
      throw error;
    }
    return c.json({ received: true as const, duplicate: false }, 200);
  });
};
