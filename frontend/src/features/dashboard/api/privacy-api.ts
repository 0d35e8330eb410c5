import type {
  eraseCallerResponseSchema,
  privacySettingsResponseSchema,
  privacySettingsSchema,
} from '@shared/schemas/privacy';
import type { RetentionDays } from '@shared/privacy-retention';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

/** Issue 13 §5: the retention setting and caller erasure. */
export const privacyApi = {
  get: (userId: string) =>
    apiRequest<typeof privacySettingsSchema>(`${ownerPath(userId)}/privacy`, {
      action: 'load privacy settings',
    }),
  setRetention: (userId: string, days: RetentionDays) =>
    apiRequest<typeof privacySettingsResponseSchema>(`${ownerPath(userId)}/privacy`, {
      method: 'PUT',
      body: { transcript_retention_days: days },
      action: 'save the retention period',
    }),
  eraseCaller: (userId: string, phone: string) =>
    apiRequest<typeof eraseCallerResponseSchema>(`${ownerPath(userId)}/callers/erase`, {
      method: 'POST',
      body: { phone },
      action: 'erase the caller',
    }),
};
