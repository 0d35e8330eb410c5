import { formatDollars } from '@shared/receptionist/deposits';
import type { ConversationAction } from '@shared/schemas/conversation';
import type { UrgentSmsReason } from '@shared/notifications';
import { capSmsBody } from '@shared/sms';
import { isOtherLanguage, languageLabel } from '@shared/call-log';
import type { Language } from '@shared/language';
import { callerLabel, safeLine } from './summary-email';

/**
 * The owner's urgent texts (issue 13 §2): a transfer to them failed, a message was taken, a deposit was
 * paid. Short (one or two SMS segments) and pointing at the call log for the rest.
 */
export type UrgentReason = UrgentSmsReason;

/** A conversation's urgent reasons, from what it did: a failed transfer first, then a message. */
export function urgentReasonsOf(actions: readonly ConversationAction[] | undefined): UrgentReason[] {
  const done = actions ?? [];
  const reasons: UrgentReason[] = [];
  if (done.some((a) => (a.tool === 'transfer_result' || a.tool === 'escalate_to_manager') && !a.ok))
    reasons.push('transfer_failed');
  if (done.some((a) => a.tool === 'take_message' && a.ok)) reasons.push('message_taken');
  return reasons;
}

const URGENT_SMS_MAX = 400;

export function urgentSmsText(input: {
  reason: UrgentReason;
  businessName: string;
  caller: string;
  /** The message's own summary ("Message taken from Sam: …"), for message_taken. */
  detail?: string;
  amountCents?: number;
  /** The caller's language: a call back to a caller who did not speak English should know it. */
  language?: Language | undefined;
  link: string;
}): string {
  const business = safeLine(input.businessName, 60) || 'Your assistant';
  const caller = callerLabel(input.caller);
  // The message's own summary already names its language (take_message); the failed transfer says it here.
  const spoke = isOtherLanguage(input.language) ? ` (in ${languageLabel(input.language)})` : '';
  const what =
    input.reason === 'transfer_failed'
      ? `a call from ${caller}${spoke} could not be transferred to you.`
      : input.reason === 'message_taken'
        ? `${safeLine(input.detail ?? '', 160) || 'A message was taken'} (${caller}).`
        : `${caller} paid a ${formatDollars(input.amountCents ?? 0)} deposit.`;
  return capSmsBody(`${business}: ${what} ${input.link}`, URGENT_SMS_MAX);
}
