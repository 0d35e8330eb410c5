import { describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../providers/payments/port';
import { subscriptionIdOf } from './stripe-webhook-handler';

const event = (type: string, object: Record<string, unknown>): PaymentEvent => ({
  id: 'evt_1',
  type,
  created: 1,
  data: { object },
});

describe('subscriptionIdOf', () => {
  it('reads the subscription of subscription, checkout and invoice events', () => {
    expect(subscriptionIdOf(event('customer.subscription.updated', { id: 'sub_1' }))).toBe('sub_1');
    expect(subscriptionIdOf(event('checkout.session.completed', { id: 'cs_1', subscription: 'sub_2' }))).toBe(
      'sub_2',
    );
    expect(
      subscriptionIdOf(event('checkout.session.completed', { id: 'cs_1', subscription: { id: 'sub_3' } })),
    ).toBe('sub_3');
  });

  it('reads invoices in older API versions and in the current one (parent.subscription_details)', () => {
    expect(subscriptionIdOf(event('invoice.paid', { id: 'in_1', subscription: 'sub_old' }))).toBe('sub_old');
    expect(
      subscriptionIdOf(
        event('invoice.payment_failed', {
          id: 'in_2',
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_new' } },
        }),
      ),
    ).toBe('sub_new');
  });

  it('finds nothing in a one-off invoice, a payment-mode checkout or another event', () => {
    expect(subscriptionIdOf(event('invoice.paid', { id: 'in_3', parent: null }))).toBeUndefined();
    expect(
      subscriptionIdOf(event('checkout.session.completed', { id: 'cs_2', subscription: null })),
    ).toBeUndefined();
    expect(subscriptionIdOf(event('charge.succeeded', { id: 'ch_1' }))).toBeUndefined();
  });
});
