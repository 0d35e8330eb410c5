import type {
  invitationResponseSchema,
  referralLinkResponseSchema,
  referralListResponseSchema,
  referralResponseSchema,
} from '@shared/schemas/referral';
import { ApiClientError, apiFieldErrors, apiRequest } from '../../../lib/api-client';

/** The product calls the Referrals tab makes (spec §7). */
export const referralsApi = {
  list: () =>
    apiRequest<typeof referralListResponseSchema>('/oauth/referrals/list', { action: 'load referrals' }).then(
      (r) => r.referrals,
    ),
  link: () =>
    apiRequest<typeof referralLinkResponseSchema>('/oauth/referrals/link', {
      action: 'load referrals',
    }),
  create: (refereeEmail: string) =>
    apiRequest<typeof referralResponseSchema>('/oauth/referrals/create', {
      method: 'POST',
      body: { referee_email: refereeEmail },
      action: 'create referral',
    }),
  cancel: (referralId: string) =>
    apiRequest<typeof referralResponseSchema>(`/oauth/referrals/${encodeURIComponent(referralId)}`, {
      method: 'DELETE',
      action: 'cancel referral',
    }),
  sendInvitation: (refereeEmail: string, referrerName: string) =>
    apiRequest<typeof invitationResponseSchema>('/oauth/referrals/send-invitation', {
      method: 'POST',
      body: { referee_email: refereeEmail, referrer_name: referrerName },
      action: 'send invitation email',
    }),
};

/**
 * Spec §8: referral calls show the server's error text when it sent one, else the spec's message. A
 * validation error shows its field's human message, not the technical "Invalid request: referee_email: …".
 */
export const referralErrorText = (error: unknown, fallback: string) => {
  const fieldMessage = Object.values(apiFieldErrors(error))[0];
  if (fieldMessage) return fieldMessage;
  return error instanceof ApiClientError && error.serverError ? error.serverError : fallback;
};
