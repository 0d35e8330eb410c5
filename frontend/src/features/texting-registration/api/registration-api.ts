import type {
  BusinessRegistrationDetailsInput,
  messagingRegistrationSchema,
} from '@shared/schemas/messaging-registration';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const path = (userId: string) => `${ownerPath(userId)}/messaging-registration`;

/**
 * The owner's texting (A2P 10DLC) registration (docs/decisions/169-a2p-10dlc-registration.md). Every call
 * answers the stored registration, which the screens put in their cache instead of reading it again.
 */
export const registrationApi = {
  get: (userId: string) =>
    apiRequest<typeof messagingRegistrationSchema>(path(userId), {
      action: 'load your texting registration',
    }),
  submit: (userId: string, details: BusinessRegistrationDetailsInput) =>
    apiRequest<typeof messagingRegistrationSchema>(path(userId), {
      method: 'PUT',
      body: details,
      action: 'submit your texting registration',
    }),
  /** A sole proprietor's verification text, sent to the contact's mobile again. */
  resendVerification: (userId: string) =>
    apiRequest<typeof messagingRegistrationSchema>(`${path(userId)}/otp`, {
      method: 'POST',
      body: {},
      action: 'send the verification text again',
    }),
};
