import { DEFAULT_REFUND_WINDOW_HOURS, withinRefundWindow, type DepositRefundOutcome } from '@shared/get-paid';
import type { Appointment } from '@shared/schemas/appointment';
import type { AppointmentRepository } from '../appointments/records/index';
import type { PayoutRepository } from '../payouts/records/index';
import type { Logger } from '../../platform/logging/logger';

/** Stripe Checkout deposits on the owner's connected account: the receptionist's link and refund port. */
export type DepositLinks = {
  create(input: {
    ownerId: string;
    appointmentId: string;
    amountCents: number;
    conversationId: string;
    description: string;
    /** The owner's connected account: the deposit is paid to them, never to us. */
    accountId: string;
  }): Promise<{ url: string; sessionId: string }>;
  /** Refunds a paid deposit on the owner's connected account (the same key refunds once). */
  refund(input: { accountId: string; sessionId: string; idempotencyKey: string }): Promise<{ id: string }>;
};

/**
 * The owner's refund policy applied to a cancelled booking (issue 12 §3): a paid deposit comes back in full
 * when the cancellation is at least the owner's refund window before the start. The refund is made on the
 * owner's connected account with a key per deposit, and recorded once, so a retried cancellation (or the
 * dashboard and the assistant cancelling together) refunds once and subtracts once from the total.
 */
export function depositRefunds(deps: {
  appointments: Pick<AppointmentRepository, 'markDepositRefunded'>;
  payouts: Pick<PayoutRepository, 'get' | 'addCollected'>;
  deposits: Pick<DepositLinks, 'refund'>;
  now: () => Date;
  logger: Logger;
  /** Once per deposit, by whichever cancellation recorded its refund (the owner's deposit.refunded event). */
  onRefunded?(cancelled: Appointment & { deposit: NonNullable<Appointment['deposit']> }): Promise<void>;
}) {
  return async function refundCancelledDeposit(
    ownerId: string,
    cancelled: Appointment,
  ): Promise<DepositRefundOutcome> {
    const deposit = cancelled.deposit;
    if (!deposit?.paid || !deposit.checkout_session_id) return 'none';
    if (deposit.refunded_at) return 'refunded';
    const payouts = await deps.payouts.get(ownerId);
    const accountId = deposit.account_id ?? payouts.account_id;
    if (!accountId) return 'failed';
    const windowHours = payouts.settings?.refund_window_hours ?? DEFAULT_REFUND_WINDOW_HOURS;
    if (!withinRefundWindow(cancelled.starts_at, deps.now(), windowHours)) return 'outside_window';
    try {
      const refund = await deps.deposits.refund({
        accountId,
        sessionId: deposit.checkout_session_id,
        idempotencyKey: `refund-${deposit.checkout_session_id}`,
      });
      if (await deps.appointments.markDepositRefunded(ownerId, cancelled.id, refund.id)) {
        await deps.payouts.addCollected(ownerId, -deposit.amount_cents);
        await deps.onRefunded?.({ ...cancelled, deposit });
      }
      return 'refunded';
    } catch (error) {
      // The cancellation stands; the owner is told to refund by hand.
      deps.logger.error('deposit.refund_failed', { appointment_id: cancelled.id, error: String(error) });
      return 'failed';
    }
  };
}
