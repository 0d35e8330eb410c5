import { randomUUID } from 'node:crypto';
import type { AccountDeletionRepository } from './records/account-deletions';
import type { OwnerDataErasure } from './records/owner-data-erasure';
import type { PhoneReservationRepository } from '../phone-numbers/records/index';
import type { SubscriptionRepository } from '../billing/records/index';
import type { Logger } from '../../platform/logging/logger';
import type { IdentityAdmin } from '../../providers/identity/port';
import type { PaymentsProvider } from '../../providers/payments/port';
import type { TelephonyProvider } from '../../providers/telephony/port';

export type AccountDeletionDeps = {
  accountDeletions: AccountDeletionRepository;
  /** Drops this instance's cached "session active" answers of the owner (data/session-revocations.ts). */
  forgetSessions: (sub: string) => void;
  subscriptions: Pick<SubscriptionRepository, 'getCustomerId' | 'getSubscription'>;
  phoneReservations: Pick<PhoneReservationRepository, 'heldBy'>;
  erasure: OwnerDataErasure;
  identity: IdentityAdmin;
  payments: Pick<PaymentsProvider, 'listSubscriptions' | 'retrieveSubscription' | 'cancelSubscription'>;
  telephony: Pick<TelephonyProvider, 'release'>;
  /** Deletes every call recording of the owner at the provider (docs/decisions/184-call-recordings.md). */
  deleteRecordings: (ownerId: string) => Promise<number>;
  logger: Logger;
};

export type AccountToDelete = {
  sub: string;
  /** The identity service's username (for an e-mail-username pool, a UUID; not the e-mail). */
  username: string;
  email: string | undefined;
};

export type DeletionOutcome =
  | { outcome: 'deleted'; items: number; phoneNumbersReleased: number; subscriptionsCancelled: number }
  | { outcome: 'busy' }
  | { outcome: 'already-deleted' };

/** Subscription states that bill or may bill again; anything else is over already. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Deletes an account (issue 10 §7). Order matters and every step is idempotent, so the retry of a deletion
 * that failed half-way finishes it:
 * 1. the marker first: from now on every token of the account is refused (except on this route), so
 *    nothing else acts in the middle; its lease makes parallel requests wait their turn (busy);
 * 2. every session ends at the identity service (refresh tokens revoked);
 * 3. live subscriptions are cancelled at once at the payment provider (listed there, so a retry skips
 *    the ones already cancelled);
 * 4. the assistant numbers are released at the provider (releasing a released number is a no-op), and the
 *    call recordings are deleted there (each record goes once its audio is gone, so a retry finds the rest);
 * 5. the owner's data goes (data/owner-data-erasure.ts), the reservations with it;
 * 6. the identity user is deleted; then the marker records the end (kept until old tokens expire).
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  account: AccountToDelete,
): Promise<DeletionOutcome> {
  const lease = randomUUID();
  const begun = await deps.accountDeletions.begin(account.sub, lease);
  // Refused at once through this instance (others within their 1 s revocation cache).
  deps.forgetSessions(account.sub);
  if (begun === 'busy') return { outcome: 'busy' };
  if (begun === 'deleted') return { outcome: 'already-deleted' };
  try {
    await deps.identity.signOutEverywhere(account.username);
    const subscriptionsCancelled = await cancelSubscriptions(deps, account.sub);
    const phoneNumbersReleased = await releaseNumbers(deps, account.sub);
    const recordingsDeleted = await deps.deleteRecordings(account.sub);
    const items = await deps.erasure.erase(account.sub, account.email);
    await deps.identity.deleteUser(account.username);
    await deps.accountDeletions.complete(account.sub, lease);
    deps.logger.info('account_deleted', {
      user_id: account.sub,
      items,
      phone_numbers_released: phoneNumbersReleased,
      subscriptions_cancelled: subscriptionsCancelled,
      recordings_deleted: recordingsDeleted,
    });
    return { outcome: 'deleted', items, phoneNumbersReleased, subscriptionsCancelled };
  } catch (error) {
    deps.logger.error('account_deletion_incomplete', { user_id: account.sub, error: String(error) });
    await deps.accountDeletions.releaseLease(account.sub, lease);
    throw error;
  }
}

async function cancelSubscriptions(deps: AccountDeletionDeps, ownerId: string): Promise<number> {
  const [customerId, stored] = await Promise.all([
    deps.subscriptions.getCustomerId(ownerId),
    deps.subscriptions.getSubscription(ownerId),
  ]);
  const candidates = new Map<string, string>();
  for (const subscription of customerId ? await deps.payments.listSubscriptions(customerId) : []) {
    candidates.set(subscription.id, subscription.status);
  }
  // A subscription we know of but whose customer link is missing (e.g. a link written after it) still goes.
  const storedId = stored.stripe_subscription_id;
  if (storedId && !candidates.has(storedId)) {
    const current = await deps.payments.retrieveSubscription(storedId);
    if (current) candidates.set(current.id, current.status);
  }
  let cancelled = 0;
  for (const [id, status] of candidates) {
    if (ENDED.has(status)) continue;
    await deps.payments.cancelSubscription(id);
    cancelled += 1;
  }
  return cancelled;
}

async function releaseNumbers(deps: AccountDeletionDeps, ownerId: string): Promise<number> {
  let released = 0;
  for (const reservation of await deps.phoneReservations.heldBy(ownerId)) {
    // A pending claim without a sid was never bought; its reservation item goes with the owner's data.
    if (!reservation.provider_sid) continue;
    await deps.telephony.release(reservation.provider_sid);
    released += 1;
  }
  return released;
}
