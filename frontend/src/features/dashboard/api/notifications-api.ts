import type {
  NotificationPreferencesInput,
  notificationPreferencesResponseSchema,
} from '@shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { ownerPath } from '../../../lib/api-read-paths';

const path = (userId: string) => `${ownerPath(userId)}/notifications`;

/** Issue 13 §2: the owner's notification preferences (GET answers the defaults until saved). */
export const notificationsApi = {
  get: (userId: string) =>
    apiRequest<typeof notificationPreferencesResponseSchema>(path(userId), {
      action: 'load notification settings',
    }),
  save: (userId: string, prefs: NotificationPreferencesInput) =>
    apiRequest<typeof notificationPreferencesResponseSchema>(path(userId), {
      method: 'PUT',
      body: prefs,
      action: 'save notification settings',
    }),
};
