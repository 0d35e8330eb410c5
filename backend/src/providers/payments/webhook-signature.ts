// The SDK loads when a webhook arrives, not at cold start (issue 16): most requests never need it.
const stripeWebhooks = async () => (await import('stripe')).default.webhooks;
import type { PaymentEvent } from './port';

/** Stripe's default: a signed payload more than 5 minutes from now is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a `Stripe-Signature` header, or undefined when there is none. */
function signedTimestamp(signatureHeader: string): number | undefined {
  for (const part of signatureHeader.split(',')) {
    const [key, value] = part.split('=', 2);
    if (key?.trim() === 't' && value !== undefined && /^\d+$/.test(value.trim())) return Number(value.trim());
  }
  return undefined;
}

/**
 * Verifies Stripe's `Stripe-Signature` header (HMAC-SHA256 over `timestamp.rawBody`) and parses the event.
 * The local provider signs with the same scheme, so one check serves both. Throws when the signature,
 * timestamp or payload is wrong.
 *
 * `now` is a Date on purpose: the SDK's `receivedAt` is in milliseconds, and passing it seconds (as this
 * function once did) makes every timestamp look like it came from the far future, so the tolerance never
 * applied. The SDK also only refuses old timestamps; one signed for the future is refused here, so a
 * captured header with a clock-skewed timestamp cannot be replayed for longer than the window either.
 */
export async function verifyWebhookEvent(
  rawBody: string,
  signatureHeader: string | undefined,
  secret: string,
  now: Date,
): Promise<PaymentEvent> {
  if (!signatureHeader) throw new Error('Missing Stripe-Signature header');
  const event = (await stripeWebhooks()).constructEvent(
    rawBody,
    signatureHeader,
    secret,
    WEBHOOK_TOLERANCE_SECONDS,
    undefined,
    now.getTime(),
  ) as unknown as PaymentEvent;
  const timestamp = signedTimestamp(signatureHeader);
  if (timestamp === undefined || timestamp - now.getTime() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
    throw new Error('Timestamp outside the tolerance zone');
  }
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
    throw new Error('Not an event object');
  }
  return event;
}

/** Signs a payload the way Stripe does; the local provider uses it to deliver its events. */
export const signWebhookPayload = async (payload: string, secret: string, timestampSeconds: number) =>
  (await stripeWebhooks()).generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
