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
  intro: 'Bookings your assistant made and the ones you added, shown in your business time zone.',
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

/** How far back the Appointments tab lists started appointments for the owner to mark. */
export const PAST_APPOINTMENT_DAYS = 30;

/** Marking attendance (docs/decisions/177-caller-memory.md): the Recent list and the call detail share these. */
export const ATTENDANCE_TEXTS = {
  recentTitle: 'Recent appointments',
  recentIntro: `Appointments from the last ${PAST_APPOINTMENT_DAYS} days. Mark who came and who did not show up.`,
  recentEmpty: 'No appointments in the last few weeks.',
  attended: 'Attended',
  noShow: 'No-show',
  markAttended: 'Mark attended',
  markNoShow: 'Mark no-show',
  marked: { attended: 'Attended', no_show: 'No-show' },
  notStartedYet: 'Can be marked once it has started.',
  /** Beside the no-show button when a deposit was paid: the owner's rule, said before the click. */
  depositKeptHint: (amount: string) =>
    `A no-show keeps the ${amount} deposit: it is past your refund window, so it is never refunded.`,
  markedNotice: (who: string, attendance: 'attended' | 'no_show', depositKept: boolean, amount?: string) =>
    attendance === 'attended'
      ? `${who} marked as attended.`
      : `${who} marked as a no-show.${depositKept && amount ? ` The ${amount} deposit is kept.` : ''}`,
  markFailed: 'Failed to mark the appointment. Please try again.',
  conversationTitle: 'Appointments from this conversation',
} as const;

/** The Appointments tab's new appointment and move (docs/decisions/183-calendar-model.md "The assistant"). */
export const OWNER_BOOKING_TEXTS = {
  newAppointment: 'New appointment',
  move: 'Move',
  service: 'Service',
  staff: 'Staff member',
  anyone: 'Anyone available',
  date: 'Date',
  time: 'Open time',
  noTimes: 'No open times that day. Try another date.',
  loadingTimes: 'Finding open times…',
  callerName: 'Caller’s name',
  callerPhone: 'Caller’s phone',
  phoneHint: 'We text them the confirmation. Add the country code for numbers outside the US and Canada.',
  book: 'Book appointment',
  saveMove: 'Move appointment',
  close: 'Close',
  chooseTime: 'Choose an open time.',
  /** 409: another caller or tab took the time between the list and the click. */
  taken: 'That time was just taken. Please choose another open time.',
  unknownService: 'That service no longer exists. Please choose another.',
  unknownStaff: 'That staff member no longer exists. Please choose another.',
  failed: 'Something went wrong. Please try again.',
  dailyLimit: 'You have reached today’s booking limit. Please try again tomorrow.',
  booked: (who: string, notified: boolean) =>
    notified ? `Booked. ${who} was sent a confirmation text.` : `Booked. ${who} could not be texted.`,
  moved: (who: string, notified: boolean) =>
    notified ? `Moved. ${who} was sent a text with the new time.` : `Moved. ${who} could not be texted.`,
  withStaff: (name: string) => `with ${name}`,
} as const;
