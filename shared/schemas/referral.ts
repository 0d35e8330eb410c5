import { z } from 'zod';
import { TEXT_LIMITS } from '../text-limits';

/** Spec §4 "Referral status". */
export const REFERRAL_STATUSES = ['no_response', 'trial', 'complete', 'cancelled'] as const;
export const referralStatusSchema = z.enum(REFERRAL_STATUSES);
export type ReferralStatus = z.infer<typeof referralStatusSchema>;

/** Where a referrer's month free is (shared/referral-rewards.ts explains each; decision 164). */
export const REFERRAL_CREDIT_STATUSES = [
  'none',
  'waiting',
  'on_balance',
  'applied',
  'reversed',
  'ineligible',
] as const;
export const referralCreditStatusSchema = z.enum(REFERRAL_CREDIT_STATUSES);
export type ReferralCreditStatus = z.infer<typeof referralCreditStatusSchema>;

/** Spec §3 "Referral"; credit_amount in cents (0 until the friend completes the trial). */
export const referralSchema = z.object({
  referral_id: z.string(),
  referee_email: z.string(),
  referrer_name: z.string(),
  referral_code: z.string(),
  referee_cognito_id: z.string().nullable(),
  status: referralStatusSchema,
  created_at: z.string(),
  trial_started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  credit_amount: z.number().int().min(0),
  credit_status: referralCreditStatusSchema,
  /** The invoice the credit went to, once one used it. */
  credit_invoice_id: z.string().nullable(),
});
export type Referral = z.infer<typeof referralSchema>;

/** Trimmed before it is checked (spec §5); the server bound is the e-mail length limit. */
const refereeEmail = z
  .string()
  .trim()
  .min(1, "Please enter your friend's e-mail address")
  .max(TEXT_LIMITS.email, 'That e-mail address is too long')
  .pipe(z.email('Please enter a valid e-mail address, like friend@example.com'));

/** POST /oauth/referrals/create. */
export const createReferralRequestSchema = z.object({ referee_email: refereeEmail });
export type CreateReferralRequest = z.infer<typeof createReferralRequestSchema>;

/** POST /oauth/referrals/send-invitation; referrer_name falls back to 'A friend' when empty. */
export const sendInvitationRequestSchema = z.object({
  referee_email: refereeEmail,
  referrer_name: z.string().trim().max(TEXT_LIMITS.referrerName).optional(),
});
export type SendInvitationRequest = z.infer<typeof sendInvitationRequestSchema>;

/** POST /oauth/referrals/track-signup: the code kept from `/signup?ref=` and the signed-up user's id. */
export const trackSignupRequestSchema = z.object({
  referral_code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{4,32}$/i, 'Invalid referral code'),
  user_id: z.string().min(1).max(128),
});
export type TrackSignupRequest = z.infer<typeof trackSignupRequestSchema>;
export const trackSignupResponseSchema = z.object({ tracked: z.literal(true), status: z.string() });

export const referralListResponseSchema = z.object({ referrals: z.array(referralSchema) });
export const referralLinkResponseSchema = z.object({
  referral_link: z.string(),
  referral_code: z.string(),
});
export const referralResponseSchema = z.object({ referral: referralSchema });
export const invitationResponseSchema = z.object({
  sent: z.literal(true),
  referee_email: z.string(),
});
