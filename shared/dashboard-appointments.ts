import { GET_PAID_TEXTS, type DepositRefundOutcome } from './get-paid';

/**
 * The dashboard's Appointments view (issue 9 §8): its texts. The view's schemas are in
 * schemas/dashboard-appointments.ts.
 */

/** The notice after a cancellation: the caller's text, then what happened to their deposit. */
export const refundNotice = (outcome: DepositRefundOutcome) =>
  outcome === 'none' ? '' : ` ${GET_PAID_TEXTS.refunds[outcome]}`;

export const APPOINTMENTS_TEXTS = {
  title: 'Upcoming appointments',
  intro: 'Bookings your assistant made, shown in your business time zone.',
  empty: 'No upcoming appointments yet. When callers book through your assistant, they appear here.',
  loadFailed: 'Failed to load appointments',
  cancel: 'Cancel',
  /** The caller confirmed by replying to a reminder (docs/decisions/175-reminders.md). */
  confirmed: 'Confirmed by caller',
  confirmCancel: (who: string, when: string) =>
    `Cancel ${who}'s appointment on ${when}? We will text them that it is cancelled.`,
  cancelled: (who: string, notified: boolean) =>
    notified
      ? `Cancelled. ${who} was sent a text.`
      : `Cancelled. ${who} could not be texted (no number or opted out).`,
  cancelFailed: 'Failed to cancel the appointment. Please try again.',
  unknownCaller: 'Caller',
} as const;
