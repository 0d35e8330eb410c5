import type { PayoutsDeps } from './deps';
import { stripeEndpointRoutes } from '../billing/index';
import { STRIPE_CONNECT_WEBHOOK_PATH } from '../../platform/http/webhook-paths';

export { STRIPE_CONNECT_WEBHOOK_PATH } from '../../platform/http/webhook-paths';

/**
 * Stripe Connect's endpoint (docs/decisions/150), apart from the platform's own: its own signing secret, and
 * every event must name a connected account we created, with a deposit belonging to that account's owner.
 * The signature and the ownership are checked before the event is claimed, so a refused event stores nothing.
 */
export const connectWebhookRoutes = (deps: PayoutsDeps) =>
  stripeEndpointRoutes(deps, {
    path: STRIPE_CONNECT_WEBHOOK_PATH,
    summary:
      "Owners' connected accounts' events (Stripe Connect): account.updated and paid deposits, verified by Stripe-Signature",
    source: 'stripe-connect',
    secretName: 'STRIPE_CONNECT_WEBHOOK_SECRET',
    secret: deps.config.stripe.connectWebhookSecret,
  });
