import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signatureOf, signedHeaders, verifyWebhook } from './signing';

describe('Standard Webhooks signing', () => {
  // The example of the Standard Webhooks specification (its reference libraries' test vector).
  it('matches the specification’s published example', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const body = '{"test": 2432232314}';
    expect(signatureOf(secret, id, 1614265330, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs with every secret during a rotation, and each verifies alone', () => {
    const [oldSecret, newSecret] = [newWebhookSecret(), newWebhookSecret()];
    const body = '{"type":"appointment.booked"}';
    const headers = signedHeaders([newSecret, oldSecret], 'evt_1', 1_700_000_000, body);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    const given = {
      id: headers['webhook-id']!,
      timestamp: headers['webhook-timestamp']!,
      signature: headers['webhook-signature']!,
    };
    expect(verifyWebhook(oldSecret, given, body, 1_700_000_010)).toBe(true);
    expect(verifyWebhook(newSecret, given, body, 1_700_000_010)).toBe(true);
    expect(verifyWebhook(newWebhookSecret(), given, body, 1_700_000_010)).toBe(false);
    expect(verifyWebhook(newSecret, given, body + ' ', 1_700_000_010)).toBe(false);
    // Too old: a captured message replayed later is refused.
    expect(verifyWebhook(newSecret, given, body, 1_700_000_000 + 301)).toBe(false);
  });

  it('is plain HMAC-SHA256 over id.timestamp.body with the base64 secret bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const mac = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update('id.5.body')
      .digest('base64');
    expect(signatureOf(secret, 'id', 5, 'body')).toBe(`v1,${mac}`);
  });
});
