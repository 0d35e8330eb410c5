import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookEvent, WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature';

const secret = 'whsec_test_replay';
const payload = JSON.stringify({
  id: 'evt_1',
  type: 'customer.subscription.updated',
  data: { object: { id: 'sub_1' } },
});
const now = new Date('2026-11-23T00:00:00Z');
const nowSeconds = now.getTime() / 1000;
const signedAt = (offsetSeconds: number) => signWebhookPayload(payload, secret, nowSeconds + offsetSeconds);

describe('verifyWebhookEvent replay window', () => {
  it('accepts a fresh event and one just inside the window on either side', () => {
    expect(verifyWebhookEvent(payload, signedAt(0), secret, now).id).toBe('evt_1');
    expect(verifyWebhookEvent(payload, signedAt(-WEBHOOK_TOLERANCE_SECONDS), secret, now).id).toBe('evt_1');
    expect(verifyWebhookEvent(payload, signedAt(WEBHOOK_TOLERANCE_SECONDS), secret, now).id).toBe('evt_1');
  });

  it('refuses an event signed more than 5 minutes ago', () => {
    expect(() => verifyWebhookEvent(payload, signedAt(-WEBHOOK_TOLERANCE_SECONDS - 1), secret, now)).toThrow(
      /tolerance/,
    );
    expect(() => verifyWebhookEvent(payload, signedAt(-86_400), secret, now)).toThrow(/tolerance/);
  });

  it('refuses an event signed more than 5 minutes in the future', () => {
    expect(() => verifyWebhookEvent(payload, signedAt(WEBHOOK_TOLERANCE_SECONDS + 1), secret, now)).toThrow(
      /tolerance/,
    );
  });
});
