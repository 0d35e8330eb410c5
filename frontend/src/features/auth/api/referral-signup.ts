import { REFERRAL_STORAGE_KEY } from '@shared/identity';
import type { trackSignupResponseSchema } from '@shared/schemas/referral';
import { apiRequest } from '../../../lib/api-client';

/**
 * Reports a sign-up that came through a referral link, then forgets the code. A failure keeps the code so
 * a later attempt can still credit the friend; it never blocks the owner.
 */
export async function reportStoredReferral(userId: string): Promise<void> {
  const referralCode = localStorage.getItem(REFERRAL_STORAGE_KEY);
  if (!referralCode) return;
  try {
    await apiRequest<typeof trackSignupResponseSchema>('/oauth/referrals/track-signup', {
      method: 'POST',
      body: { referral_code: referralCode, user_id: userId },
      action: 'track referral signup',
    });
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch (error) {
    console.warn('Referral signup not recorded yet', error);
  }
}
