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
const verifiedAt = async (offsetSeconds: number) =>
  verifyWebhookEvent(payload, await signedAt(offsetSeconds), secret, now);

describe('verifyWebhookEvent replay window', () => {
  it('accepts a fresh event and one just inside the window on either side', async () => {
    expect((await verifiedAt(0)).id).toBe('evt_1');
    expect((await verifiedAt(-WEBHOOK_TOLERANCE_SECONDS)).id).toBe('evt_1');
    expect((await verifiedAt(WEBHOOK_TOLERANCE_SECONDS)).id).toBe('evt_1');
  });

  it('refuses an event signed more than 5 minutes ago', async () => {
    await expect(verifiedAt(-WEBHOOK_TOLERANCE_SECONDS - 1)).rejects.toThrow(/tolerance/);
    await expect(verifiedAt(-86_400)).rejects.toThrow(/tolerance/);
  });

  it('refuses an event signed more than 5 minutes in the future', async () => {
    await expect(verifiedAt(WEBHOOK_TOLERANCE_SECONDS + 1)).rejects.toThrow(/tolerance/);
  });

  it('refuses a missing or wrong signature', async () => {
    await expect(verifyWebhookEvent(payload, undefined, secret, now)).rejects.toThrow(/Missing/);
    await expect(verifyWebhookEvent(payload, await signedAt(0), 'whsec_other', now)).rejects.toThrow();
  });
});
