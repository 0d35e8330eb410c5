import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_DELIVERY } from '@shared/webhooks';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, docs/decisions/178-outbound-webhooks.md):
 * the signed content is `${webhook-id}.${webhook-timestamp}.${body}`, signed with HMAC-SHA256 under the
 * secret's bytes (the base64 after `whsec_`), sent as `v1,<base64>`; during a rotation one signature per
 * secret, space-separated, so receivers holding either secret accept the message.
 */
const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return PREFIX + randomBytes(WEBHOOK_DELIVERY.secretBytes).toString('base64');
}

function secretBytes(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('A webhook secret starts with whsec_');
  return Buffer.from(secret.slice(PREFIX.length), 'base64');
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one attempt (the timestamp is the attempt's, in seconds). */
export function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  if (secrets.length === 0) throw new Error('A target without a secret cannot be signed');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signatureOf(secret, id, timestamp, body)).join(' '),
  };
}

/**
 * What a receiver does: true when one of the header's `v1` signatures matches under `secret` and the
 * timestamp is within `toleranceSeconds` of `nowSeconds` (a replayed old message is refused).
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, headers.id, timestamp, body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
