import { OpenAPIHono } from '@hono/zod-openapi';
import { paymentWebhookReceipt } from '../subscription/stripe-webhook-routes';
import type { AppDeps, AppEnv } from '../../app-types';
import { ConnectEventRefused, connectEventOwner } from '../../billing/connect-events';
import { processPaymentEvent } from '../../billing/process-payment-event';
import { badRequest } from '../../errors/http-error';
import { ProviderNotConfiguredError } from '../../providers/not-configured';
import { verifyWebhookEvent } from '../../providers/payments/webhook-signature';
import { signedWebhookRoute } from '../openapi-helpers';

export const STRIPE_CONNECT_WEBHOOK_PATH = '/webhooks/stripe-connect';

const route = signedWebhookRoute(
  STRIPE_CONNECT_WEBHOOK_PATH,
  "Owners' connected accounts' events (Stripe Connect): account.updated and paid deposits, verified by Stripe-Signature",
  paymentWebhookReceipt,
);

/**
 * Stripe Connect's endpoint (docs/decisions/150), apart from the platform's own: its own signing secret, and
 * every event must name a connected account we created, with a deposit belonging to that account's owner.
 * The signature and the ownership are checked before the event is claimed, so a refused event stores nothing.
 */
export const connectWebhookRoutes = (deps: AppDeps) => {
  const app = new OpenAPIHono<AppEnv>();
  app.openAPIRegistry.registerPath(route);
  return app.post(STRIPE_CONNECT_WEBHOOK_PATH, async (c) => {
    const secret = deps.config.stripe.connectWebhookSecret;
    if (!secret) {
      throw new ProviderNotConfiguredError('payments', [
        { key: 'STRIPE_CONNECT_WEBHOOK_SECRET', reason: 'missing' },
      ]);
    }
    const rawBody = await c.req.text();
    let event;
    try {
      event = await verifyWebhookEvent(rawBody, c.req.header('stripe-signature'), secret, deps.now());
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    try {
      await connectEventOwner(deps, event);
    } catch (error) {
      if (error instanceof ConnectEventRefused) throw badRequest(error.message);
      throw error;
    }
    const outcome = await processPaymentEvent(deps, event, rawBody);
    return c.json({ received: true as const, duplicate: outcome === 'duplicate' }, 200);
  });
};
