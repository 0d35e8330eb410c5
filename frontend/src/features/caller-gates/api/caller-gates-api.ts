import type {
  blockedNumberSchema,
  blockedNumbersSchema,
  missedCallSettingsSchema,
  MissedCallSettingsRequest,
  unblockedNumberSchema,
} from '@shared/schemas/caller-gates';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const blockedPath = (userId: string) => `${ownerPath(userId)}/blocked-numbers`;
const textBackPath = (userId: string) => `${ownerPath(userId)}/missed-call-texts`;

/** The block list and the missed-call text-back (docs/decisions/176). Writes answer with what they stored. */
export const callerGatesApi = {
  blocked: (userId: string) =>
    apiRequest<typeof blockedNumbersSchema>(blockedPath(userId), { action: 'load your blocked numbers' }),
  block: (userId: string, number: string, reason: string) =>
    apiRequest<typeof blockedNumberSchema>(blockedPath(userId), {
      method: 'POST',
      body: { number, reason },
      action: 'block the number',
    }),
  unblock: (userId: string, number: string) =>
    apiRequest<typeof unblockedNumberSchema>(`${blockedPath(userId)}/${encodeURIComponent(number)}`, {
      method: 'DELETE',
      action: 'unblock the number',
    }),
  textBack: (userId: string) =>
    apiRequest<typeof missedCallSettingsSchema>(textBackPath(userId), {
      action: 'load your missed-call text-back',
    }),
  saveTextBack: (userId: string, settings: MissedCallSettingsRequest) =>
    apiRequest<typeof missedCallSettingsSchema>(textBackPath(userId), {
      method: 'PUT',
      body: settings,
      action: 'save your missed-call text-back',
    }),
};
