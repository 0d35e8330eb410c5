export { referralRewards, referralRewardsFromApp } from './referral-rewards';
export type { PaidInvoiceFacts, ReferralRewardHooks } from './referral-rewards';
