import type { BillingDeps } from './deps';
import type { PaymentEvent } from '../../providers/payments/port';
import { handlePaymentEvent } from './stripe-webhook-handler';
import { connectEventOwner, handleConnectEvent } from '../payouts/index';

/** The platform's own events, and its owners' connected accounts' (Stripe Connect) under their own name. */
export type PaymentWebhookSource = 'stripe' | 'stripe-connect';

/**
 * One verified payment event, handled once: the event id is claimed, so a repeated delivery has one
 * effect. A failure releases the claim (the provider's retry is handled again), is counted and recorded
 * for the operator (`npm run ops -- webhooks failed`); a success after such a failure clears it.
 * Both webhook routes (each names its source) and the ops CLI's replay (the recorded one) come through here.
 * A Connect event must belong to an owner's account before it is claimed: otherwise ConnectEventRefused is
 * thrown and nothing is stored; then the Connect handler takes it.
 */
export async function processPaymentEvent(
  deps: Pick<
    BillingDeps,
    'data' | 'providers' | 'logger' | 'metrics' | 'onTrialCompleted' | 'referralRewards' | 'receptionist'
  >,
  event: PaymentEvent,
  rawPayload: string,
  source: PaymentWebhookSource,
): Promise<'handled' | 'duplicate'> {
  const { subscriptions, webhookFailures } = deps.data;
  const connectOwner = source === 'stripe-connect' ? await connectEventOwner(deps, event) : undefined;
  const claim = await subscriptions.claimWebhookEvent(source, event.id, event.type);
  if (claim === 'duplicate') return 'duplicate';
  try {
    if (connectOwner) await handleConnectEvent(event, connectOwner, deps);
    else
      await handlePaymentEvent(event, {
        subscriptions,
        payments: deps.providers.payments,
        logger: deps.logger,
        onTrialCompleted: deps.onTrialCompleted ?? (async () => undefined),
        referralRewards: deps.referralRewards,
        isAccountDeleted: async (userId) => (await deps.data.accountDeletions.state(userId)) !== undefined,
      });
  } catch (error) {
    await subscriptions.releaseWebhookEvent(source, event.id);
    deps.metrics.count('WebhookFailures', 1, { webhook: source });
    deps.logger.error('webhook.failed', { provider: source, eventId: event.id, type: event.type });
    await webhookFailures
      .record(source, event, error, rawPayload)
      .catch((recordError: unknown) =>
        deps.logger.error('webhook.failure_not_recorded', { eventId: event.id, error: String(recordError) }),
      );
    throw error;
  }
  if (claim === 'reclaimed') await webhookFailures.resolve(source, event.id);
  return 'handled';
}
