import type { AppDeps } from '../app-types';
import type { PaymentEvent } from '../providers/payments/index';
import { handlePaymentEvent } from '../routes/subscription/stripe-webhook-handler';

/**
 * One verified payment event, handled once: the event id is claimed, so a repeated delivery has one
 * effect. A failure releases the claim (the provider's retry is handled again), is counted and recorded
 * for the operator (`npm run ops -- webhooks failed`); a success after such a failure clears it.
 * The webhook route and the ops CLI's replay both come through here.
 */
export async function processPaymentEvent(
  deps: Pick<AppDeps, 'data' | 'providers' | 'logger' | 'metrics' | 'onTrialCompleted' | 'receptionist'>,
  event: PaymentEvent,
  rawPayload: string,
): Promise<'handled' | 'duplicate'> {
  const { subscriptions, webhookFailures } = deps.data;
  const claim = await subscriptions.claimWebhookEvent('stripe', event.id, event.type);
  if (claim === 'duplicate') return 'duplicate';
  try {
    await handlePaymentEvent(event, {
      subscriptions,
      payments: deps.providers.payments,
      logger: deps.logger,
      onTrialCompleted: deps.onTrialCompleted ?? (async () => undefined),
      onDepositPaid: (sessionId) => deps.receptionist.depositPaid(sessionId),
      isAccountDeleted: async (userId) => (await deps.data.accountDeletions.state(userId)) !== undefined,
    });
  } catch (error) {
    await subscriptions.releaseWebhookEvent('stripe', event.id);
    deps.metrics.count('WebhookFailures', 1, { webhook: 'stripe' });
    deps.logger.error('webhook.failed', { provider: 'stripe', eventId: event.id, type: event.type });
    await webhookFailures
      .record('stripe', event, error, rawPayload)
      .catch((recordError: unknown) =>
        deps.logger.error('webhook.failure_not_recorded', { eventId: event.id, error: String(recordError) }),
      );
    throw error;
  }
  if (claim === 'reclaimed') await webhookFailures.resolve('stripe', event.id);
  return 'handled';
}
