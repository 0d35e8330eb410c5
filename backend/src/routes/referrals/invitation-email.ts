import { BRAND } from '@shared/brand';
import { TRIAL_DAYS } from '@shared/plans';
import type { EmailMessage } from '../../providers/email/index';

export const INVITATION_EMAIL_KIND = 'referral-invitation';

/** The invitation a referrer sends a friend: who invites, what the friend gets, and the sign-up link. */
export function invitationEmail(to: string, referrerName: string, link: string): EmailMessage {
  return {
    to,
    kind: INVITATION_EMAIL_KIND,
    subject: `${referrerName} invited you to try ${BRAND.name}`,
    text: [
      `Hello,`,
      ``,
      `${referrerName} uses ${BRAND.name}, ${BRAND.tagline.toLowerCase()}, and invited you to try it.`,
      `${BRAND.name} answers your business phone and texts around the clock, books appointments and`,
      `passes urgent calls to you.`,
      ``,
      `Start your ${TRIAL_DAYS}-day free trial with this link:`,
      link,
      ``,
      `When your trial completes, ${referrerName} gets a month free as a thank-you.`,
      ``,
      `— The ${BRAND.name} team (${BRAND.supportEmail})`,
    ].join('\n'),
  };
}
