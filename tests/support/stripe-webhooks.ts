import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../backend/src/platform/config/env';
import { signWebhookPayload } from '../../backend/src/providers/payments/webhook-signature';

/** A POST to /webhooks/stripe carrying `event` as Stripe sends it: JSON, signed now with the local secret. */
export async function signedStripeWebhook(event: unknown): Promise<RequestInit> {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': await signWebhookPayload(
        payload,
        LOCAL_STRIPE_WEBHOOK_SECRET,
        Math.floor(Date.now() / 1000),
      ),
    },
    body: payload,
  };
}
