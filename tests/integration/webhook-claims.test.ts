import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app';

/** The claim that makes a webhook delivery take effect once, and the failure record the operator replays. */
describe('webhook claims and recorded failures', async () => {
  const { deps } = await createTestApp();
  const { subscriptions, webhookFailures } = deps.data;

  it('a released claim is reclaimed by the retry, once; a handled event stays a duplicate', async () => {
    const id = `evt_${Date.now()}_claims`;
    expect(await subscriptions.claimWebhookEvent('stripe', id, 'invoice.paid')).toBe('claimed');
    expect(await subscriptions.claimWebhookEvent('stripe', id, 'invoice.paid')).toBe('duplicate');
    await subscriptions.releaseWebhookEvent('stripe', id);
    const retries = await Promise.all(
      Array.from({ length: 5 }, () => subscriptions.claimWebhookEvent('stripe', id, 'invoice.paid')),
    );
    expect(retries.filter((claim) => claim === 'reclaimed')).toHaveLength(1);
    expect(retries.filter((claim) => claim === 'duplicate')).toHaveLength(4);
  });

  it('counts every failure of an event, parallel ones too, keeping the first time and dropping huge payloads', async () => {
    const event = { id: `evt_${Date.now()}_fail`, type: 'checkout.session.completed' };
    await webhookFailures.record('stripe', event, new Error('first'), '{"small":true}');
    const first = await webhookFailures.get('stripe', event.id);
    await Promise.all(
      [1, 2, 3].map((n) =>
        webhookFailures.record('stripe', event, new Error(`again ${n}`), '{"small":true}'),
      ),
    );
    const after = await webhookFailures.get('stripe', event.id);
    expect(after).toMatchObject({
      attempts: 4,
      first_failed_at: first!.first_failed_at,
      event_type: 'checkout.session.completed',
      payload: '{"small":true}',
    });
    expect(after!.last_error).toMatch(/^again [123]$/);

    await webhookFailures.record('stripe', event, new Error('huge'), 'x'.repeat(300_001));
    expect(await webhookFailures.get('stripe', event.id)).toMatchObject({ attempts: 5, last_error: 'huge' });
    expect((await webhookFailures.get('stripe', event.id))!.payload).toBeUndefined();
    await webhookFailures.resolve('stripe', event.id);
    expect(await webhookFailures.get('stripe', event.id)).toBeUndefined();
  });
});
