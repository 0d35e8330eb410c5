import { createHmac, timingSafeEqual } from 'node:crypto';

/** Calendly signs `t.body` with the subscription's signing key; older deliveries are refused after this. */
export const CALENDLY_SIGNATURE_TOLERANCE_SECONDS = 180;

const hmac = (key: string, timestamp: number, body: string) =>
  createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');

/** The `Calendly-Webhook-Signature` header for a body, as Calendly sends it: `t=<seconds>,v1=<hex>`. */
export const signCalendlyPayload = (body: string, key: string, timestampSeconds: number) =>
  `t=${timestampSeconds},v1=${hmac(key, timestampSeconds, body)}`;

/**
 * Checks a Calendly webhook's signature over the raw body, and that it was signed within the tolerance (a
 * captured delivery cannot be replayed later). Throws when it does not hold.
 */
export function verifyCalendlySignature(body: string, header: string | undefined, key: string, now: Date) {
  if (!header) throw new Error('Missing Calendly-Webhook-Signature header');
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name, value.join('=')];
    }),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) throw new Error('Malformed signature header');
  if (Math.abs(now.getTime() / 1000 - timestamp) > CALENDLY_SIGNATURE_TOLERANCE_SECONDS) {
    throw new Error('Signature timestamp outside the tolerance');
  }
  const expected = Buffer.from(hmac(key, timestamp, body), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error('Signature mismatch');
  }
}
