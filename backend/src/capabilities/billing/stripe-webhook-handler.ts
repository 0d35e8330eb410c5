import type { SubscriptionRepository } from './records/subscriptions';
import type { Logger } from '../../platform/logging/logger';
import { isSubscribed } from '@shared/plans';
import type { PaymentEvent, PaymentsProvider, ProviderSubscription } from '../../providers/payments/port';
import type { PaidInvoiceFacts, ReferralRewardHooks } from '../referrals/index';

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
] as const;

export type WebhookHandlerDeps = {
  subscriptions: SubscriptionRepository;
  payments: PaymentsProvider;
  logger: Logger;
  /** The referral rule's hook: the owner's trial ended and the subscription is paid (once per subscription). */
  onTrialCompleted: (userId: string) => Promise<void>;
  /**
   * Issue 10 §7: an account being deleted or deleted. Its subscription's events (the cancellation that the
   * deletion itself causes, delivered late) must not store a subscription item again after its data is gone.
   */
  isAccountDeleted?: (userId: string) => Promise<boolean>;
  /** The referral rule's other hooks (decision 164): credits waiting, used by invoices, reversed. */
  referralRewards?: Omit<ReferralRewardHooks, 'trialCompleted'> | undefined;
};

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** A paid invoice's use of the customer balance (Stripe's sign: negative is credit). */
function paidInvoiceFacts(event: PaymentEvent): PaidInvoiceFacts | undefined {
  const invoice = event.data.object;
  const id = str(invoice.id);
  const startingBalance = num(invoice.starting_balance);
  const endingBalance = num(invoice.ending_balance);
  if (event.type !== 'invoice.paid' || !id || startingBalance === undefined || endingBalance === undefined)
    return undefined;
  return { id, startingBalance, endingBalance };
}

/** A refunded charge of a platform customer: the referral rule may reverse the credit it earned. */
async function handleChargeRefunded(event: PaymentEvent, deps: WebhookHandlerDeps) {
  const charge = event.data.object;
  const customerId = idOf(charge.customer);
  const userId = customerId ? await deps.subscriptions.ownerOfCustomer(customerId) : undefined;
  if (!userId || !deps.referralRewards) return { handled: false };
  await deps.referralRewards.chargeRefunded(userId, {
    chargeId: str(charge.id) ?? '',
    refunded: charge.refunded === true,
  });
  deps.logger.info('charge_refunded', { event_id: event.id, user_id: userId });
  return { handled: true };
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const idOf = (value: unknown) => str(value) ?? str((value as { id?: unknown } | null)?.id);

/** The subscription an event is about, in the shapes of both older and current Stripe API versions. */
export function subscriptionIdOf(event: PaymentEvent): string | undefined {
  const object = event.data.object;
  if (event.type.startsWith('customer.subscription.')) return str(object.id);
  if (event.type === 'checkout.session.completed') return idOf(object.subscription);
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | undefined;
    return idOf(object.subscription) ?? idOf(parent?.subscription_details?.subscription);
  }
  return undefined;
}

/**
 * Handles one verified event. The event only says which subscription changed; what is stored is always
 * the provider's current state of it, so events arriving late, twice or out of order end in the same state.
 */
export async function handlePaymentEvent(event: PaymentEvent, deps: WebhookHandlerDeps) {
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return { handled: false };
  // Deposits are paid on owners' connected accounts; their events come to the Connect endpoint.
  if (event.account) return { handled: false };
  if (event.type === 'charge.refunded') return handleChargeRefunded(event, deps);
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return { handled: false };
  const subscription = await deps.payments.retrieveSubscription(subscriptionId);
  if (!subscription) {
    deps.logger.warn('webhook_unknown_subscription', { event_id: event.id, subscription_id: subscriptionId });
    return { handled: false };
  }
  const userId =
    subscription.metadata.cognito_user_id ??
    (await deps.subscriptions.ownerOfCustomer(subscription.customerId));
  if (!userId) {
    deps.logger.warn('webhook_unknown_owner', { event_id: event.id, customer_id: subscription.customerId });
    return { handled: false };
  }
  if (await deps.isAccountDeleted?.(userId)) {
    deps.logger.info('webhook_deleted_account', { event_id: event.id, user_id: userId });
    return { handled: true };
  }
  let { stored, trialCompleted } = await deps.subscriptions.syncFromProvider(userId, subscription);
  if (!stored && isSubscribed(subscription.status)) {
    ({ stored, trialCompleted } = await settleSecondLiveSubscription(userId, subscription, deps));
  }
  if (trialCompleted) await deps.onTrialCompleted(userId);
  if (stored) await deps.referralRewards?.subscriptionSynced(userId, subscription);
  const invoice = paidInvoiceFacts(event);
  if (invoice) await deps.referralRewards?.invoicePaid(userId, invoice);
  deps.logger.info('subscription_synced', {
    event_id: event.id,
    event_type: event.type,
    user_id: userId,
    status: subscription.status,
    stored,
    trial_completed: trialCompleted,
  });
  return { handled: true };
}

/**
 * A second live subscription for an owner who already holds one (a race no checkout check can close at
 * the provider, e.g. two sessions paid in the same second). If the held one is really still live at the
 * provider, the newcomer is cancelled, so the customer is never billed twice; if the held one has ended
 * and only its webhook is late, it is brought up to date and the newcomer stored.
 */
async function settleSecondLiveSubscription(
  userId: string,
  newcomer: ProviderSubscription,
  deps: WebhookHandlerDeps,
): Promise<{ stored: boolean; trialCompleted: boolean }> {
  const heldId = (await deps.subscriptions.getSubscription(userId)).stripe_subscription_id;
  const held = heldId ? await deps.payments.retrieveSubscription(heldId) : undefined;
  if (held && isSubscribed(held.status)) {
    await deps.payments.cancelSubscription(newcomer.id);
    deps.logger.warn('duplicate_subscription_canceled', {
      user_id: userId,
      kept: held.id,
      canceled: newcomer.id,
    });
    return { stored: false, trialCompleted: false };
  }
  if (held) await deps.subscriptions.syncFromProvider(userId, held);
  return deps.subscriptions.syncFromProvider(userId, newcomer);
}
