import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../../app-types';
import { badRequest } from '../../errors/http-error';
import { ProviderNotConfiguredError } from '../../providers/not-configured';
import { verifyWebhookEvent } from '../../providers/payments/webhook-signature';
import { signedWebhookRoute } from '../openapi-helpers';
import { processPaymentEvent } from '../../billing/process-payment-event';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/** What both Stripe endpoints answer: received, and whether this event id was handled before. */
export const paymentWebhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() });

const route = signedWebhookRoute(
  STRIPE_WEBHOOK_PATH,
  "Stripe's events, verified by the Stripe-Signature header over the raw body",
  paymentWebhookReceipt,
);

/**
 * The signature is checked over the exact bytes received, before anything is parsed or stored; then
 * processPaymentEvent handles the event once (a failure is released for Stripe's retry and recorded for the
 * operator).
 */
export const stripeWebhookRoutes = (deps: AppDeps) => {
  const app = new OpenAPIHono<AppEnv>();
  // Documented, but not validated by zod: the signature must be checked over the untouched raw body.
  app.openAPIRegistry.registerPath(route);
  return app.post(STRIPE_WEBHOOK_PATH, async (c) => {
    const secret = deps.config.stripe.webhookSecret;
    if (!secret)
      throw new ProviderNotConfiguredError('payments', [{ key: 'STRIPE_WEBHOOK_SECRET', reason: 'missing' }]);
    const rawBody = await c.req.text();
    let event;
    try {
      event = await verifyWebhookEvent(rawBody, c.req.header('stripe-signature'), secret, deps.now());
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    const outcome = await processPaymentEvent(deps, event, rawBody);
    if (outcome === 'duplicate') return c.json({ received: true as const, duplicate: true }, 200);
    return c.json({ received: true as const, duplicate: false }, 200);
  });
};
