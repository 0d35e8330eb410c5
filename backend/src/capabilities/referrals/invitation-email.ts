import { BRAND } from '@shared/brand';
import { sanitizeEmailText } from '@shared/email-text';
import { TRIAL_DAYS } from '@shared/plans';
import { DEFAULT_REFERRER_NAME } from '@shared/referrals';
import type { EmailMessage } from '../../providers/email/port';

export const INVITATION_EMAIL_KIND = 'referral-invitation';

/** The invitation a referrer sends a friend: who invites, what the friend gets, and the sign-up link. */
export function invitationEmail(to: string, senderText: string, link: string): EmailMessage {
  // Made safe here too, at the sink: whatever a caller passes, no header break, bidi trick or link.
  const referrerName = sanitizeEmailText(senderText) || DEFAULT_REFERRER_NAME;
  return {
    to,
    kind: INVITATION_EMAIL_KIND,
    subject: `${referrerName} invited you to try ${BRAND.name}`,
    text: [
      `Hello,`,
      ``,
      `${referrerName} uses ${BRAND.name}, ${BRAND.inSentence}, and invited you to try it.`,
      `${BRAND.name} answers your business phone and texts around the clock, books appointments and`,
      `passes urgent calls to you.`,
      ``,
      `Start your ${TRIAL_DAYS}-day free trial with this link:`,
      link,
      ``,
      `When your trial completes, your first paid month is free, and ${referrerName} gets a month free`,
      `as a thank-you.`,
      ``,
      `— The ${BRAND.name} team (${BRAND.supportEmail})`,
    ].join('\n'),
  };
}
