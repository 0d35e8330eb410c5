import type { PayoutsDeps } from './deps';
import type { PaymentEvent } from '../../providers/payments/port';

/** The connected accounts' events the product acts on (docs/decisions/150). */
export const CONNECT_EVENT_TYPES = ['account.updated', 'checkout.session.completed'] as const;

/** A verified Connect event that does not belong where it claims: refused (400) before anything is stored. */
export class ConnectEventRefused extends Error {}

type ConnectDeps = Pick<PayoutsDeps, 'data' | 'providers' | 'logger' | 'receptionist'>;

/** A completed one-off Checkout for a booking deposit (not a subscription). */
export const isPaidDeposit = (event: PaymentEvent) => {
  const object = event.data.object as {
    mode?: unknown;
    payment_status?: unknown;
    metadata?: { kind?: unknown };
  };
  return (
    event.type === 'checkout.session.completed' &&
    object.mode === 'payment' &&
    object.payment_status === 'paid' &&
    object.metadata?.kind === 'deposit'
  );
};

/**
 * Whose account a Connect event is about, checked against what we stored: the account must be one we
 * created for an owner, and a deposit must be that owner's (its metadata and its deposit-session record both
 * say so, and the session was made on this account). Anything else is refused.
 */
export async function connectEventOwner(deps: ConnectDeps, event: PaymentEvent): Promise<string> {
  if (!event.account) throw new ConnectEventRefused('The event names no connected account');
  const ownerId = await deps.data.payouts.ownerOfAccount(event.account);
  if (!ownerId) throw new ConnectEventRefused('Unknown connected account');
  if (isPaidDeposit(event)) {
    const object = event.data.object as { id?: unknown; metadata?: { owner_id?: unknown } };
    const session = await deps.data.appointments.depositSession(String(object.id));
    const mismatch =
      object.metadata?.owner_id !== ownerId ||
      (session !== undefined &&
        (session.ownerId !== ownerId ||
          (session.accountId !== undefined && session.accountId !== event.account)));
    if (mismatch) throw new ConnectEventRefused('The deposit does not belong to this connected account');
  }
  return ownerId;
}

/**
 * One verified Connect event of `ownerId`'s account (connectEventOwner said so): `account.updated` refreshes
 * the owner's account from the provider's current state (so late or repeated events end in the same state);
 * a paid deposit marks the booking paid through the receptionist, once.
 */
export async function handleConnectEvent(event: PaymentEvent, ownerId: string, deps: ConnectDeps) {
  const accountId = event.account!;
  if (event.type === 'account.updated') {
    const account = await deps.providers.payments.retrieveConnectedAccount(accountId);
    if (!account) return { handled: false };
    await deps.data.payouts.syncAccount(ownerId, accountId, account);
    deps.logger.info('payout_account_synced', {
      event_id: event.id,
      user_id: ownerId,
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
    });
    return { handled: true };
  }
  if (isPaidDeposit(event)) {
    const result = await deps.receptionist.depositPaid(String(event.data.object.id));
    deps.logger.info('deposit_paid', { event_id: event.id, result });
    return { handled: result !== 'unknown' };
  }
  return { handled: false };
}
