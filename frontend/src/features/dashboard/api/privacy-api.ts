import type { EraseCallerResponse, PrivacySettings, RetentionDays } from '@shared/schemas/privacy';
import { apiRequest } from '../../../lib/api-client';

const base = (userId: string) => `/oauth/users/${encodeURIComponent(userId)}`;

/** Issue 13 §5: the retention setting and caller erasure. */
export const privacyApi = {
  get: (userId: string) =>
    apiRequest<PrivacySettings>(`${base(userId)}/privacy`, { action: 'load privacy settings' }),
  setRetention: (userId: string, days: RetentionDays) =>
    apiRequest<PrivacySettings>(`${base(userId)}/privacy`, {
      method: 'PUT',
      body: { transcript_retention_days: days },
      action: 'save the retention period',
    }),
  eraseCaller: (userId: string, phone: string) =>
    apiRequest<EraseCallerResponse>(`${base(userId)}/callers/erase`, {
      method: 'POST',
      body: { phone },
      action: 'erase the caller',
    }),
};
