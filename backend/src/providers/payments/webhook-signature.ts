import Stripe from 'stripe';
import type { PaymentEvent } from './index';

/** Stripe's default: a signed payload older than 5 minutes is refused (replay protection). */
const TOLERANCE_SECONDS = 300;

/**
 * Verifies Stripe's `Stripe-Signature` header (HMAC-SHA256 over `timestamp.rawBody`) and parses the event.
 * The local provider signs with the same scheme, so one check serves both. Throws when the signature,
 * timestamp or payload is wrong.
 */
export function verifyWebhookEvent(
  rawBody: string,
  signatureHeader: string | undefined,
  secret: string,
  nowSeconds: number,
): PaymentEvent {
  if (!signatureHeader) throw new Error('Missing Stripe-Signature header');
  const event = Stripe.webhooks.constructEvent(
    rawBody,
    signatureHeader,
    secret,
    TOLERANCE_SECONDS,
    undefined,
    nowSeconds,
  ) as unknown as PaymentEvent;
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
    throw new Error('Not an event object');
  }
  return event;
}

/** Signs a payload the way Stripe does; the local provider uses it to deliver its events. */
export const signWebhookPayload = (payload: string, secret: string, timestampSeconds: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
