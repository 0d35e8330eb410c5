import type { DepositSettings, getPaidStatusSchema, onboardingLinkSchema } from '@shared/schemas/get-paid';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const path = (userId: string) => `${ownerPath(userId)}/get-paid`;

/** Issue 12 §3: the owner's Stripe Connect account, deposit settings and deposits collected. */
export const getPaidApi = {
  status: (userId: string) =>
    apiRequest<typeof getPaidStatusSchema>(path(userId), { action: 'load your payout account' }),
  onboardingLink: (userId: string) =>
    apiRequest<typeof onboardingLinkSchema>(`${path(userId)}/onboarding`, {
      method: 'POST',
      action: 'open Stripe onboarding',
    }),
  saveSettings: (userId: string, settings: DepositSettings) =>
    apiRequest<typeof getPaidStatusSchema>(`${path(userId)}/settings`, {
      method: 'PUT',
      body: settings,
      action: 'save the deposit settings',
    }),
};
