import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { BillingDeps } from './deps';
import type { AppEnv } from '../../platform/http/app-env';
import { badRequest } from '../../platform/errors/http-error';
import { ProviderNotConfiguredError } from '../../platform/config/not-configured';
import { verifyWebhookEvent } from '../../providers/payments/webhook-signature';
import { signedWebhookRoute } from '../../platform/http/openapi-helpers';
import { processPaymentEvent, type PaymentWebhookSource } from './process-payment-event';
import { ConnectEventRefused } from '../payouts/index';
import { STRIPE_WEBHOOK_PATH } from '../../platform/http/webhook-paths';

export { STRIPE_WEBHOOK_PATH } from '../../platform/http/webhook-paths';

/** What both Stripe endpoints answer: received, and whether this event id was handled before. */
const paymentWebhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() });

/**
 * A Stripe webhook endpoint (the platform's, and Connect's own): the signature is checked with the
 * endpoint's secret over the exact bytes received; then processPaymentEvent handles it once (a failure is
 * released for Stripe's retry and recorded for the operator; a connected account's event that is not an
 * owner's is refused with 400 before anything is stored).
 */
export function stripeEndpointRoutes(
  deps: BillingDeps,
  endpoint: {
    path: string;
    summary: string;
    source: PaymentWebhookSource;
    secretName: 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_CONNECT_WEBHOOK_SECRET';
    secret: string | undefined;
  },
) {
  const app = new OpenAPIHono<AppEnv>();
  // Documented, but not validated by zod: the signature must be checked over the untouched raw body.
  app.openAPIRegistry.registerPath(
    signedWebhookRoute(endpoint.path, endpoint.summary, paymentWebhookReceipt),
  );
  return app.post(endpoint.path, async (c) => {
    if (!endpoint.secret)
      throw new ProviderNotConfiguredError('payments', [{ key: endpoint.secretName, reason: 'missing' }]);
    const rawBody = await c.req.text();
    let event;
    try {
      event = await verifyWebhookEvent(
        rawBody,
        c.req.header('stripe-signature'),
        endpoint.secret,
        deps.now(),
      );
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    let outcome;
    try {
      outcome = await processPaymentEvent(deps, event, rawBody, endpoint.source);
    } catch (error) {
      // A connected account's event that is not an owner's (or not this owner's deposit): nothing stored.
      if (error instanceof ConnectEventRefused) throw badRequest(error.message);
      throw error;
    }
    return c.json({ received: true as const, duplicate: outcome === 'duplicate' }, 200);
  });
}

export const stripeWebhookRoutes = (deps: BillingDeps) =>
  stripeEndpointRoutes(deps, {
    path: STRIPE_WEBHOOK_PATH,
    summary: "Stripe's events, verified by the Stripe-Signature header over the raw body",
    source: 'stripe',
    secretName: 'STRIPE_WEBHOOK_SECRET',
    secret: deps.config.stripe.webhookSecret,
  });
