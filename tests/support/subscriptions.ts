import type { AppDeps } from '../../backend/src/entry/app-types';
import type { ProviderSubscription } from '../../backend/src/providers/payments/port';

/**
 * Stores a subscription for the owner as a webhook would after reading it from the provider, so tests of
 * paid actions start from a trialing (or any other) owner without going through checkout.
 */
export async function storeSubscription(
  deps: Pick<AppDeps, 'data'>,
  userId: string,
  status: ProviderSubscription['status'] = 'trialing',
) {
  const inTwoWeeks = Math.floor(Date.now() / 1000) + 14 * 86_400;
  await deps.data.subscriptions.syncFromProvider(userId, {
    id: `sub_test_${userId.slice(0, 8)}`,
    customerId: `cus_test_${userId.slice(0, 8)}`,
    status,
    priceId: 'price_essential_monthly',
    planName: 'Essential',
    currentPeriodEnd: inTwoWeeks,
    trialEnd: status === 'trialing' ? inTwoWeeks : null,
    cancelAtPeriodEnd: false,
    metadata: { cognito_user_id: userId },
  });
}
