import { isNorthAmericanPhone, parsePhone } from './phone/phone-number';

/**
 * Issue 13 §2: what the owner hears about their assistant's conversations, and how: the kinds, reasons, limits
 * and texts. The preferences' schemas are in schemas/notifications.ts.
 */

/** The kinds of e-mail an owner can turn off, each from its own unsubscribe link. */
export const NOTIFICATION_EMAIL_KINDS = ['summary', 'digest'] as const;
export type NotificationEmailKind = (typeof NOTIFICATION_EMAIL_KINDS)[number];

/**
 * The owner's mobile for urgent texts, as typed, in E.164 ('' when none; text that is no number is kept, and
 * fails isUrgentSmsNumber). It must be a US or Canadian number, because texts go out from the assistant's own
 * US/Canadian number (docs/decisions/166-phone-numbers.md).
 */
export const toMobileE164 = (typed: string): string => {
  const trimmed = typed.trim();
  return trimmed === '' ? '' : (parsePhone(trimmed)?.e164 ?? trimmed);
};

/** What can make the assistant text the owner right away; the owner picks which of them do. */
export const URGENT_SMS_REASONS = ['transfer_failed', 'message_taken', 'deposit_paid'] as const;
export type UrgentSmsReason = (typeof URGENT_SMS_REASONS)[number];

export const isUrgentSmsNumber = (e164: string) => isNorthAmericanPhone(e164);

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  intro: 'Choose what you hear about your assistant’s calls and texts.',
  summaryLabel: 'E-mail me a summary after each call or text conversation',
  summaryHint: 'Caller, outcome, amount collected, what the assistant did, and a link to the conversation.',
  urgentLabel: 'Text me right away when it matters',
  urgentHint: 'A transfer to you failed, a message was taken for you, or a deposit was paid.',
  reasonsLabel: 'Text me when',
  reasonLabels: {
    transfer_failed: 'A call could not be transferred to me',
    message_taken: 'A message was taken for me',
    deposit_paid: 'A deposit was paid',
  } satisfies Record<UrgentSmsReason, string>,
  reasonRequired: 'Choose at least one reason to be texted',
  mobileLabel: 'Mobile number for urgent texts',
  digestLabel: 'E-mail me a daily digest',
  digestHint: 'Yesterday’s conversations, bookings, deposits and messages, each morning at 7:00 your time.',
  emailLabel: 'Send e-mails to',
  save: 'Save notifications',
  saved: 'Notification settings saved.',
  invalidMobile: 'Enter a US or Canadian mobile number, e.g. (415) 555-0123',
  mobileRequired: 'Enter the mobile number for urgent texts',
  invalidEmail: 'Please enter a valid e-mail address',
  testChatNote: 'Your own test chats and test calls from this dashboard are not e-mailed.',
} as const;

/** Preferences saved before owners could pick reasons text every urgent reason, as they did then. */
export const urgentReasonsOrAll = (prefs: { urgent_sms_reasons?: readonly UrgentSmsReason[] }) =>
  prefs.urgent_sms_reasons ?? URGENT_SMS_REASONS;

/** Per-owner bounds on what notifications may send in a day (issue 10: whatever costs money has a cap). */
export const NOTIFICATION_LIMITS = {
  /** Summary and digest e-mails per owner per day; past it, summaries wait for the digest. */
  emailsPerDay: 300,
  /** Urgent texts per owner per day. */
  smsPerDay: 40,
  /** An SMS conversation counts as finished after this long without a text either way. */
  smsQuietMinutes: 30,
  /** A call without any end signal (lost status callback) is closed and summarised after this long. */
  voiceStaleMinutes: 120,
  /** The digest goes out at this hour, local time in the business's time zone. */
  digestHour: 7,
  /** Conversations listed in one digest (the counts cover all of them). */
  digestListMax: 50,
} as const;

export const UNSUBSCRIBE_TEXTS = {
  kindName: (kind: NotificationEmailKind) =>
    kind === 'summary' ? 'conversation summary e-mails' : 'daily digest e-mails',
  confirmTitle: 'Unsubscribe',
  confirmQuestion: (kind: NotificationEmailKind) => `Stop sending ${UNSUBSCRIBE_TEXTS.kindName(kind)}?`,
  confirmButton: 'Unsubscribe',
  doneTitle: 'You are unsubscribed',
  done: (kind: NotificationEmailKind) =>
    `You will no longer receive ${UNSUBSCRIBE_TEXTS.kindName(kind)}. You can turn them back on in your dashboard under Notifications.`,
  invalidTitle: 'Link not valid',
  invalid:
    'This unsubscribe link is not valid. Open your dashboard’s Notifications section to change your e-mails.',
} as const;
