export { referralRewards } from './referral-rewards';
export type { PaidInvoiceFacts, ReferralRewardHooks } from './referral-rewards';
export { createReferralRepository } from './referrals';
export type { ReferralRepository } from './referrals';
